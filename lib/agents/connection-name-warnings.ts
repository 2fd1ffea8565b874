import { botWarningsAmong, workspaceBotNames, type NamedBot } from "@/lib/bots/bot-name-warnings";
import type { NameWarning } from "@/lib/text/name-warnings";
import type { ConnectionView } from "./connection-record";

// The warnings about the bots of trusted connections (issue 31), for the admins who accept them: each side's bot is
// judged against the bots this admin may see, those of the workspaces they administer and the connection's two, so
// a bot of another workspace named like one of yours ("Billing", with a Cyrillic В) is pointed out before it is
// trusted to ask your bots anything. Never against the other workspace's other bots: a warning names the bot it
// looks like, and those bots are not the admin's to learn of (the tenancy matrix plants one to check it).

/** Keyed `<connection id>:a` and `<connection id>:b`. */
export async function connectionNameWarnings(
  connections: ConnectionView[],
  administeredWorkspaceIds: string[],
): Promise<Map<string, NameWarning[]>> {
  const byWorkspace = await workspaceBotNames(administeredWorkspaceIds);
  const visible: NamedBot[] = [...byWorkspace.values()].flat();
  const warnings = new Map<string, NameWarning[]>();
  for (const c of connections) {
    const bots = [...new Map([...visible, c.a.bot, c.b.bot].map((bot) => [bot.id, bot])).values()];
    warnings.set(`${c.id}:a`, botWarningsAmong(c.a.bot, bots));
    warnings.set(`${c.id}:b`, botWarningsAmong(c.b.bot, bots));
  }
  return warnings;
}
