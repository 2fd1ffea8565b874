import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { adminWorkspaces, viewConnections, type ConnectionView } from "./connection-record";

// An admin of either side withdraws the trust: at once, and for every request still open over it (waiting for
// approval or for an answer), which become `declined` with the note `connection_revoked`. Requests lock the
// connection row while they are created (FOR SHARE), so none slips in beside a revocation. Declining a proposal is
// revoking it too.

export const REVOKED_NOTE = "connection_revoked";

export async function revokeConnection(
  actor: PersonActor,
  id: string,
): Promise<ConnectionView & { declined_requests: number }> {
  const connectionId = requireUuid(id, "Connection");
  const adminOf = await adminWorkspaces(db(), actor.userId);
  const { revoked, declined } = await db().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM bot_connections WHERE id = ${connectionId}::uuid FOR UPDATE`;
    if (!rows[0]) throw new ApiError("not_found", "Connection not found");
    const connection = await tx.botConnection.findUniqueOrThrow({ where: { id: connectionId } });
    if (!adminOf.has(connection.workspaceAId) && !adminOf.has(connection.workspaceBId)) {
      throw new ApiError("forbidden", "Only an admin of one of the two bots' workspaces can revoke this connection");
    }
    if (connection.revokedAt) throw new ApiError("conflict", "This connection was already revoked");
    const now = new Date();
    const revoked = await tx.botConnection.update({
      where: { id: connectionId },
      data: { revokedAt: now, revokedByUserId: actor.userId },
    });
    const declined = await tx.agentRequest.updateMany({
      where: { connectionId, status: { in: ["pending_approval", "awaiting_response"] } },
      data: {
        status: "declined",
        decidedByUserId: actor.userId,
        decidedVia: actor.via,
        decidedAt: now,
        decisionNote: REVOKED_NOTE,
      },
    });
    for (const workspaceId of new Set([connection.workspaceAId, connection.workspaceBId])) {
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "connection.revoked",
        subjectType: "bot_connection",
        subjectId: connectionId,
        data: { declined_requests: declined.count },
      });
    }
    return { revoked, declined: declined.count };
  });
  const [view] = await viewConnections(db(), [revoked], adminOf);
  return { ...view!, declined_requests: declined };
}
