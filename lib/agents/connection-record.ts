import type { Db, Tx } from "@/lib/db/client";
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

export function connectionState(c: Pick<BotConnection, "revokedAt" | "acceptedAAt" | "acceptedBAt">): ConnectionState {
  if (c.revokedAt) return "revoked";
  return c.acceptedAAt && c.acceptedBAt ? "active" : "pending";
}

/** The views of `connections` for a person who administers `adminOf` (workspace ids). */
export async function viewConnections(
  client: Db | Tx,
  connections: BotConnection[],
  adminOf: Set<string>,
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
