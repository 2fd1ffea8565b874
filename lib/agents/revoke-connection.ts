import { db } from "@/lib/db/client";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import {
  adminWorkspaces,
  CONNECTION_COLUMNS,
  CONNECTION_NOT_NULL,
  CONNECTION_SIDES,
  connectionModel,
  viewConnections,
  type ConnectionView,
} from "./connection-record";

// An admin of either side withdraws the trust: at once, and for every request still open over it (waiting for
// approval or for an answer), which become `declined` with the note `connection_revoked`. Requests lock the
// connection row while they are created (FOR SHARE), so none slips in beside a revocation. Declining a proposal is
// revoking it too.
//
// Three steps, as for accepting (accept-connection.ts): connection-record.ts's Prisma reads around one SQL
// transaction that locks the row (docs/decisions/005).

export const REVOKED_NOTE = "connection_revoked";

const LOCK_CONNECTION = query("connections.lockForRevoke", {
  text: "SELECT revoked_at FROM bot_connections WHERE id = $1 FOR UPDATE",
});
const REVOKE = query("connections.revoke", {
  text: `UPDATE bot_connections SET revoked_at = $3, revoked_by_user_id = $2 WHERE id = $1
  RETURNING ${CONNECTION_COLUMNS}`,
  notNull: CONNECTION_NOT_NULL,
});
const DECLINE_OPEN_REQUESTS = query("agentRequests.declineOpen", {
  text: `UPDATE agent_requests
  SET status = 'declined', decided_by_user_id = $2, decided_via = $3, decided_at = $4, decision_note = $5
  WHERE connection_id = $1 AND status IN ('pending_approval', 'awaiting_response')
  RETURNING id`,
});

export async function revokeConnection(
  actor: PersonActor,
  id: string,
): Promise<ConnectionView & { declined_requests: number }> {
  const connectionId = requireUuid(id, "Connection");
  const adminOf = await adminWorkspaces(db(), actor.userId);
  const { revoked, declined } = await transaction(async (tx) => {
    // Who may is checked before the lock, so a person of neither side locks nothing (a connection's sides never change).
    const [sides] = await tx.query(CONNECTION_SIDES, [connectionId]);
    if (!sides) throw new ApiError("not_found", "Connection not found");
    if (!adminOf.has(sides.workspace_a_id) && !adminOf.has(sides.workspace_b_id)) {
      throw new ApiError("forbidden", "Only an admin of one of the two bots' workspaces can revoke this connection");
    }
    const [connection] = await tx.query(LOCK_CONNECTION, [connectionId]);
    if (!connection) throw new ApiError("not_found", "Connection not found");
    if (connection.revoked_at) throw new ApiError("conflict", "This connection was already revoked");
    const now = new Date();
    const [revoked] = await tx.query(REVOKE, [connectionId, actor.userId, now]);
    const declined = await tx.query(DECLINE_OPEN_REQUESTS, [connectionId, actor.userId, actor.via, now, REVOKED_NOTE]);
    for (const workspaceId of new Set([sides.workspace_a_id, sides.workspace_b_id])) {
      await recordAuditSql(tx, {
        workspaceId,
        actor,
        action: "connection.revoked",
        subjectType: "bot_connection",
        subjectId: connectionId,
        data: { declined_requests: declined.length },
      });
    }
    return { revoked: connectionModel(revoked!), declined: declined.length };
  });
  const [view] = await viewConnections(db(), { connections: [revoked], adminOf });
  return { ...view!, declined_requests: declined };
}
