import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { adminWorkspaces, viewConnections, type ConnectionView } from "./connection-record";

// An admin accepts a proposed connection for their side: the connection is live once both workspaces' admins have
// (README "Agent requests"). A person accepts every side they administer that has not yet; one who administers
// neither side is refused (403), and a side accepted already, or a revoked connection, is a 409. The row is locked,
// so two admins accepting at once each record their own side.

export async function acceptConnection(actor: PersonActor, id: string): Promise<ConnectionView> {
  const connectionId = requireUuid(id, "Connection");
  const adminOf = await adminWorkspaces(db(), actor.userId);
  const updated = await db().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM bot_connections WHERE id = ${connectionId}::uuid FOR UPDATE`;
    if (!rows[0]) throw new ApiError("not_found", "Connection not found");
    const connection = await tx.botConnection.findUniqueOrThrow({ where: { id: connectionId } });
    const sideA = adminOf.has(connection.workspaceAId);
    const sideB = adminOf.has(connection.workspaceBId);
    if (!sideA && !sideB)
      throw new ApiError("forbidden", "Only an admin of one of the two bots' workspaces can accept this connection");
    if (connection.revokedAt) throw new ApiError("conflict", "This connection was revoked; propose a new one");
    const acceptA = sideA && !connection.acceptedAAt;
    const acceptB = sideB && !connection.acceptedBAt;
    if (!acceptA && !acceptB)
      throw new ApiError(
        "conflict",
        "Your side already accepted this connection; it waits for the other workspace's admin",
      );
    const now = new Date();
    const accepted = await tx.botConnection.update({
      where: { id: connectionId },
      data: {
        ...(acceptA ? { acceptedAByUserId: actor.userId, acceptedAAt: now } : {}),
        ...(acceptB ? { acceptedBByUserId: actor.userId, acceptedBAt: now } : {}),
      },
    });
    for (const workspaceId of [
      ...(acceptA ? [connection.workspaceAId] : []),
      ...(acceptB ? [connection.workspaceBId] : []),
    ]) {
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "connection.accepted",
        subjectType: "bot_connection",
        subjectId: connectionId,
      });
    }
    return accepted;
  });
  return (await viewConnections(db(), [updated], adminOf))[0]!;
}
