import { db } from "@/lib/db/client";
import { query, sql } from "@/lib/db/sql";
import { requireUuid } from "@/lib/ids";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";

// A workspace's people, for its admins (the People page, issue 38): who they are, their role, since when, and whether
// they asked to be erased. Admins first, then by name.

export interface MemberView {
  id: string;
  name: string;
  email: string;
  handle: string;
  role: "admin" | "member";
  joined_at: string;
  /** Their request to be erased, while it waits. */
  erasure_request_id: string | null;
}

const MEMBERS = query("people.listMembers", {
  text: `SELECT u.id, u.name, u.email, u.handle, m.role, m.created_at,
          (SELECT r.id FROM erasure_requests r
            WHERE r.workspace_id = m.workspace_id AND r.user_id = u.id AND r.status = 'pending') AS erasure_request_id
     FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.workspace_id = $1
    ORDER BY m.role = 'admin' DESC, lower(u.name), u.id
    LIMIT $2`,
});

/** How many people the page lists (the workspaces Relay is built for are a team, not a city). */
const MEMBERS_MAX = 500;

export async function listMembers(actor: Actor, workspaceId: string): Promise<MemberView[]> {
  const id = requireUuid(workspaceId, "Workspace");
  await requireAdminOrSystem(actor, { client: db(), workspaceId: id });
  const rows = await sql().query(MEMBERS, [id, MEMBERS_MAX]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    handle: row.handle,
    role: row.role,
    joined_at: row.created_at.toISOString(),
    erasure_request_id: row.erasure_request_id,
  }));
}
