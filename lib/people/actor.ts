import type { Db, Tx } from "@/lib/db/client";
import { query, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";

/**
 * A person acting, and through which door: the chat (web), the CLI, or their AI assistant (mcp). Every person
 * action takes one, checks the person's rights with the helpers below, and leaves an audit event saying `via`.
 */
export type Via = "web" | "cli" | "mcp";
export interface PersonActor {
  type: "person";
  userId: string;
  via: Via;
  /** Through MCP with OAuth: the client's name, as the person allowed it (recorded in the audit event's data). */
  client?: string;
  /**
   * In the browser: the signed-in session acting, and when it last checked a passkey or an authenticator code (step-up,
   * lib/factors/step-up-gate.ts). Absent through MCP and the CLI, which cannot give a fresh second factor.
   */
  session?: { id: string; strongAuthAt: Date | null };
  /**
   * Through MCP: the OAuth grant or personal token was made right after a passkey or authenticator check (its
   * `strong_at`), so the assistant may approve items that need step-up (docs/decisions/037).
   */
  strongGrant?: boolean;
}

export const person = (userId: string, via: Via): PersonActor => ({ type: "person", userId, via });

export interface RequireMemberOptions {
  client: Db | Tx;
  workspaceId: string;
  /** The role asked for: without it, 403. */
  role?: "admin";
  /** The 404's words for a workspace the person is not in ("Bot not found" when reached through a bot). */
  notFound?: string;
}

/**
 * The person's membership of the workspace. A workspace they are not a member of answers like one that does not
 * exist (decision 019), in the words of what was asked for (`notFound`: "Bot not found" when the workspace was
 * reached through a bot). Being a member without the role asked for is 403 in words.
 */
export async function requireMember(
  actor: PersonActor,
  { client, workspaceId, role, notFound = "Workspace not found" }: RequireMemberOptions,
) {
  const membership = await client.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: actor.userId } },
  });
  if (!membership) throw new ApiError("not_found", notFound);
  if (role === "admin" && membership.role !== "admin") throw new ApiError("forbidden", "Only a workspace admin can do this");
  return membership;
}

/** The operator at the command line (`npm run cli`): trusted with the database, so no membership checks. */
export interface SystemActor {
  type: "system";
  via: "cli" | "job";
}
export const systemActor: SystemActor = { type: "system", via: "cli" };
export type Actor = PersonActor | SystemActor;

/** For actions open to admins and to the operator: checks the person is an admin of the workspace. */
export async function requireAdminOrSystem(
  actor: Actor,
  { client, workspaceId, notFound = "Workspace not found" }: Omit<RequireMemberOptions, "role">,
) {
  if (actor.type === "person") await requireMember(actor, { client, workspaceId, role: "admin", notFound });
}

/** A person's @handle, as events and bots see them: their user row's `handle`. */
export async function handleOf(client: Db | Tx, userId: string): Promise<string> {
  const user = await client.user.findUniqueOrThrow({ where: { id: userId }, select: { handle: true } });
  return user.handle;
}

const HANDLE = query("people.handle", { text: "SELECT handle FROM users WHERE id = $1" });

/** The same read in an SQL transaction (docs/decisions/005), for the events written there. */
export async function handleOfSql(sql: Sql, userId: string): Promise<string> {
  const [user] = await sql.query(HANDLE, [userId]);
  if (!user) throw new Error(`user ${userId} not found`);
  return user.handle;
}
