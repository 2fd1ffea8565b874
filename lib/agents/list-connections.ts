import { db } from "@/lib/db/client";
import { requireUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";
import { adminWorkspaces, viewConnections, type ConnectionView } from "./connection-record";

// The trusted connections of the workspaces a person administers (the portal's Connections page, `connection list`),
// proposals waiting for them first, then live ones, then revoked ones; newest first within each. Members who are not
// admins see none: connections are the admins' to manage.

const ORDER = { pending: 0, active: 1, revoked: 2 } as const;

export async function listConnections(
  actor: PersonActor,
  options: { workspaceId?: string } = {},
): Promise<ConnectionView[]> {
  const adminOf = await adminWorkspaces(db(), actor.userId);
  const scope = options.workspaceId
    ? [requireUuid(options.workspaceId, "Workspace")].filter((id) => adminOf.has(id))
    : [...adminOf];
  if (!scope.length) return [];
  const connections = await db().botConnection.findMany({
    where: { OR: [{ workspaceAId: { in: scope } }, { workspaceBId: { in: scope } }] },
    orderBy: { createdAt: "desc" },
    take: 500,
  });
  const views = await viewConnections(db(), { connections, adminOf });
  const rank = (v: ConnectionView) => (v.state === "pending" && v.can_accept ? -1 : ORDER[v.state]);
  return views.sort((x, y) => rank(x) - rank(y));
}
