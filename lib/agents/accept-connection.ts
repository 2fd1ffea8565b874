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

// An admin accepts a proposed connection for their side: the connection is live once both workspaces' admins have
// (docs/guides/bot-developers.md "Agent requests"). A person accepts every side they administer that has not yet; one
// who administers neither side is refused (403), and a side accepted already, or a revoked connection, is a 409. The
// row is locked, so two admins accepting at once each record their own side.
//
// Three steps: the workspaces the person administers and the connection's view are connection-record.ts's reads
// (Prisma, shared with listing connections); the acceptance between them locks its row, so it is one SQL
// transaction (docs/decisions/005).

const LOCK_CONNECTION = query("connections.lockForAccept", {
  text: `SELECT revoked_at, accepted_a_at, accepted_b_at, workspace_a_id, workspace_b_id
     FROM bot_connections WHERE id = $1 FOR UPDATE`,
});
/** $3, $4: whether side A, side B accepts now. */
const ACCEPT = query("connections.accept", {
  text: `UPDATE bot_connections
  SET accepted_a_by_user_id = CASE WHEN $3::boolean THEN $2::uuid ELSE accepted_a_by_user_id END,
      accepted_a_at = CASE WHEN $3::boolean THEN $5::timestamptz ELSE accepted_a_at END,
      accepted_b_by_user_id = CASE WHEN $4::boolean THEN $2::uuid ELSE accepted_b_by_user_id END,
      accepted_b_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE accepted_b_at END
  WHERE id = $1
  RETURNING ${CONNECTION_COLUMNS}`,
  notNull: CONNECTION_NOT_NULL,
});

export async function acceptConnection(actor: PersonActor, id: string): Promise<ConnectionView> {
  const connectionId = requireUuid(id, "Connection");
  const adminOf = await adminWorkspaces(db(), actor.userId);
  const updated = await transaction(async (tx) => {
    // Who may is checked before the lock, so a person of neither side locks nothing (a connection's sides never change).
    const [sides] = await tx.query(CONNECTION_SIDES, [connectionId]);
    if (!sides) throw new ApiError("not_found", "Connection not found");
    const sideA = adminOf.has(sides.workspace_a_id);
    const sideB = adminOf.has(sides.workspace_b_id);
    if (!sideA && !sideB)
      throw new ApiError("forbidden", "Only an admin of one of the two bots' workspaces can accept this connection");
    const [connection] = await tx.query(LOCK_CONNECTION, [connectionId]);
    if (!connection) throw new ApiError("not_found", "Connection not found");
    if (connection.revoked_at) throw new ApiError("conflict", "This connection was revoked; propose a new one");
    const acceptA = sideA && !connection.accepted_a_at;
    const acceptB = sideB && !connection.accepted_b_at;
    if (!acceptA && !acceptB)
      throw new ApiError(
        "conflict",
        "Your side already accepted this connection; it waits for the other workspace's admin",
      );
    const [accepted] = await tx.query(ACCEPT, [connectionId, actor.userId, acceptA, acceptB, new Date()]);
    for (const workspaceId of [
      ...(acceptA ? [connection.workspace_a_id] : []),
      ...(acceptB ? [connection.workspace_b_id] : []),
    ]) {
      await recordAuditSql(tx, {
        workspaceId,
        actor,
        action: "connection.accepted",
        subjectType: "bot_connection",
        subjectId: connectionId,
      });
    }
    return connectionModel(accepted!);
  });
  return (await viewConnections(db(), { connections: [updated], adminOf }))[0]!;
}
