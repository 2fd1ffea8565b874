import type { Db, Tx } from "@/lib/db/client";
import { query, type RowOf } from "@/lib/db/sql";
import type { BotConnection } from "@/lib/generated/prisma/client";
import type { AgentRequestType } from "@/lib/schemas/agent-requests";

// A trusted connection as the portal and the CLI show it: both sides (bot, workspace, who accepted when), what each
// side may ask the other, and what the person looking may do with it.

export type ConnectionState = "pending" | "active" | "revoked";

export interface ConnectionSide {
  bot: { id: string; handle: string; name: string };
  workspace: { id: string; slug: string; name: string };
  /** What this side's bot may ask the other side's bot. */
  may_ask: AgentRequestType[];
  accepted_at: string | null;
  accepted_by: { id: string; name: string } | null;
}

export interface ConnectionView {
  id: string;
  state: ConnectionState;
  /** Side A proposed; side B is the other bot. */
  a: ConnectionSide;
  b: ConnectionSide;
  requires_approval: boolean;
  cross_workspace: boolean;
  created_at: string;
  revoked_at: string | null;
  /** For the person asking (listConnections): they administer a side that has not accepted yet. */
  can_accept: boolean;
  /** They administer either side, and it is not revoked. */
  can_revoke: boolean;
}

/**
 * Every column of `bot_connections`, read in SQL (a connection locked to accept or revoke it), for `connectionModel`.
 * The enum arrays come as text[], which node-postgres reads into arrays (it leaves an enum array as text).
 */
export const CONNECTION_COLUMNS = `id, bot_a_id, bot_b_id, workspace_a_id, workspace_b_id,
  types_a_to_b::text[] AS types_a_to_b, types_b_to_a::text[] AS types_b_to_a, requires_approval, proposed_by_user_id,
  accepted_a_by_user_id, accepted_a_at, accepted_b_by_user_id, accepted_b_at, revoked_by_user_id, revoked_at,
  created_at`;
/** For statements returning CONNECTION_COLUMNS: the casts of two NOT NULL columns. */
export const CONNECTION_NOT_NULL = ["types_a_to_b", "types_b_to_a"] as const;

/** A connection's sides, read before its row is locked (they never change). */
export const CONNECTION_SIDES = query("connections.sides", {
  text: "SELECT workspace_a_id, workspace_b_id FROM bot_connections WHERE id = $1",
});

/** A row read with CONNECTION_COLUMNS (accept-connection.ts and revoke-connection.ts return one). */
export type ConnectionRow = RowOf<"connections.accept">;

/** A row read with CONNECTION_COLUMNS, as the `BotConnection` model names it. */
export const connectionModel = (row: ConnectionRow): BotConnection => ({
  id: row.id,
  botAId: row.bot_a_id,
  botBId: row.bot_b_id,
  workspaceAId: row.workspace_a_id,
  workspaceBId: row.workspace_b_id,
  // Labels of agent_request_type, read as text.
  typesAToB: row.types_a_to_b as AgentRequestType[],
  typesBToA: row.types_b_to_a as AgentRequestType[],
  requiresApproval: row.requires_approval,
  proposedByUserId: row.proposed_by_user_id,
  acceptedAByUserId: row.accepted_a_by_user_id,
  acceptedAAt: row.accepted_a_at,
  acceptedBByUserId: row.accepted_b_by_user_id,
  acceptedBAt: row.accepted_b_at,
  revokedByUserId: row.revoked_by_user_id,
  revokedAt: row.revoked_at,
  createdAt: row.created_at,
});

export function connectionState(c: Pick<BotConnection, "revokedAt" | "acceptedAAt" | "acceptedBAt">): ConnectionState {
  if (c.revokedAt) return "revoked";
  return c.acceptedAAt && c.acceptedBAt ? "active" : "pending";
}

export interface ViewConnectionsOptions {
  connections: BotConnection[];
  /** The workspaces (ids) the person viewing administers. */
  adminOf: Set<string>;
}

/** The views of `connections` for a person who administers `adminOf` (workspace ids). */
export async function viewConnections(
  client: Db | Tx,
  { connections, adminOf }: ViewConnectionsOptions,
): Promise<ConnectionView[]> {
  const botIds = [...new Set(connections.flatMap((c) => [c.botAId, c.botBId]))];
  const userIds = [
    ...new Set(
      connections.flatMap((c) => [c.acceptedAByUserId, c.acceptedBByUserId]).filter((id): id is string => id !== null),
    ),
  ];
  const [bots, users] = await Promise.all([
    client.bot.findMany({
      where: { id: { in: botIds } },
      select: { id: true, handle: true, name: true, workspace: { select: { id: true, slug: true, name: true } } },
    }),
    client.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }),
  ]);
  const bot = new Map(bots.map((b) => [b.id, b]));
  const user = new Map(users.map((u) => [u.id, u]));
  const side = (botId: string, mayAsk: AgentRequestType[], at: Date | null, by: string | null): ConnectionSide => {
    const b = bot.get(botId)!;
    return {
      bot: { id: b.id, handle: b.handle, name: b.name },
      workspace: b.workspace,
      may_ask: mayAsk,
      accepted_at: at?.toISOString() ?? null,
      accepted_by: by ? (user.get(by) ?? { id: by, name: "unknown" }) : null,
    };
  };
  return connections.map((c) => {
    const state = connectionState(c);
    return {
      id: c.id,
      state,
      a: side(c.botAId, c.typesAToB, c.acceptedAAt, c.acceptedAByUserId),
      b: side(c.botBId, c.typesBToA, c.acceptedBAt, c.acceptedBByUserId),
      requires_approval: c.requiresApproval,
      cross_workspace: c.workspaceAId !== c.workspaceBId,
      created_at: c.createdAt.toISOString(),
      revoked_at: c.revokedAt?.toISOString() ?? null,
      can_accept:
        state === "pending" &&
        ((!c.acceptedAAt && adminOf.has(c.workspaceAId)) || (!c.acceptedBAt && adminOf.has(c.workspaceBId))),
      can_revoke: state !== "revoked" && (adminOf.has(c.workspaceAId) || adminOf.has(c.workspaceBId)),
    };
  });
}

/** The workspaces this person administers. */
export async function adminWorkspaces(client: Db | Tx, userId: string): Promise<Set<string>> {
  const rows = await client.membership.findMany({ where: { userId, role: "admin" }, select: { workspaceId: true } });
  return new Set(rows.map((row) => row.workspaceId));
}
