import { db } from "@/lib/db/client";
import type { PersonActor } from "@/lib/people/actor";
import type { NameWarning } from "@/lib/text/name-warnings";
import { clientWarningsAmong } from "./client-name-warnings";
import type { OAuthScope } from "./provider";

// The assistants a person connected by OAuth (Settings → Access tokens, beside their personal access tokens): one
// row per consent, newest first, revoked ones included (greyed out). Never a token.

export interface OAuthGrantView {
  id: string;
  client_name: string;
  client_id: string;
  /** Where the client's answers went at consent: the redirect URI's host. */
  redirect_host: string;
  scopes: OAuthScope[];
  workspace: { id: string; slug: string; name: string };
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** What the person should know about the client's name, among their other connections (issue 31). */
  name_warnings: NameWarning[];
}

/** How many consents the page lists: a person connects a handful of assistants; older revoked ones fall off. */
export const GRANTS_LISTED = 100;

export async function listOAuthGrants(actor: PersonActor): Promise<OAuthGrantView[]> {
  const rows = await db().oAuthGrant.findMany({
    where: { userId: actor.userId },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }, { grantId: "asc" }],
    take: GRANTS_LISTED,
  });
  const workspaces = await db().workspace.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.workspaceId))] } },
    select: { id: true, slug: true, name: true },
  });
  const byId = new Map(workspaces.map((w) => [w.id, w]));
  return rows.map((row) => ({
    name_warnings: clientWarningsAmong(row, rows),
    id: row.grantId,
    client_name: row.clientName,
    client_id: row.clientId,
    redirect_host: row.redirectHost,
    scopes: row.scopes as OAuthScope[],
    workspace: byId.get(row.workspaceId) ?? { id: row.workspaceId, slug: "", name: "" },
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  }));
}
