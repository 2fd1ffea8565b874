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
}

export const person = (userId: string, via: Via): PersonActor => ({ type: "person", userId, via });

export async function requireMember(client: Db | Tx, actor: PersonActor, workspaceId: string, role?: "admin") {
  const membership = await client.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: actor.userId } },
  });
  if (!membership) throw new ApiError("forbidden", "You are not a member of this workspace");
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
export async function requireAdminOrSystem(client: Db | Tx, actor: Actor, workspaceId: string) {
  if (actor.type === "person") await requireMember(client, actor, workspaceId, "admin");
}

/** A person's @handle, as events and bots see them: their user row's `handle`. */
export async function handleOf(client: Db | Tx, userId: string): Promise<string> {
  const user = await client.user.findUniqueOrThrow({ where: { id: userId }, select: { handle: true } });
  return user.handle;
}

const HANDLE = query("people.handle", "SELECT handle FROM users WHERE id = $1");

/** The same read in an SQL transaction (docs/decisions/005), for the events written there. */
export async function handleOfSql(sql: Sql, userId: string): Promise<string> {
  const [user] = await sql.query(HANDLE, [userId]);
  if (!user) throw new Error(`user ${userId} not found`);
  return user.handle;
}
