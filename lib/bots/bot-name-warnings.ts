import { db } from "@/lib/db/client";
import { nameWarnings, type NameWarning } from "@/lib/text/name-warnings";

// The warnings about bots' names (issue 31): hidden characters, mixed scripts, and a name or handle that looks like
// another bot's of the same workspace (where people meet both: its conversations, its approvals, its connections).
// Worked out where they are shown, never stored: looking alike is a relation between two bots, and either can be
// registered, renamed or removed after the other, so a flag stored on one row would go stale; judging a workspace's
// names costs milliseconds. The registration's own warnings are kept in its audit record (create-bot.ts).

export interface NamedBot {
  id: string;
  name: string;
  handle: string;
}

/** The warnings about `bot` among the bots of its workspace (`bot` itself may be among them). */
export function botWarningsAmong(bot: { id?: string; name: string; handle: string }, workspaceBots: NamedBot[]) {
  const others = workspaceBots.filter((other) => other.id !== bot.id && other.handle !== bot.handle);
  return nameWarnings(
    bot,
    others.map((other) => ({ name: other.name, handle: other.handle, label: "the bot" })),
  );
}

/** The bots of these workspaces, by workspace, as names are judged. */
export async function workspaceBotNames(workspaceIds: string[]): Promise<Map<string, NamedBot[]>> {
  const rows = await db().bot.findMany({
    where: { workspaceId: { in: [...new Set(workspaceIds)] } },
    select: { id: true, name: true, handle: true, workspaceId: true },
  });
  const byWorkspace = new Map<string, NamedBot[]>();
  for (const { workspaceId, ...bot } of rows)
    byWorkspace.set(workspaceId, [...(byWorkspace.get(workspaceId) ?? []), bot]);
  return byWorkspace;
}

/** The warnings about each of these bots (by id), judged against every other bot of its workspace. */
export async function botNameWarnings(
  bots: { id: string; name: string; handle: string; workspaceId: string }[],
): Promise<Map<string, NameWarning[]>> {
  const byWorkspace = await workspaceBotNames(bots.map((bot) => bot.workspaceId));
  return new Map(bots.map((bot) => [bot.id, botWarningsAmong(bot, byWorkspace.get(bot.workspaceId) ?? [])]));
}
