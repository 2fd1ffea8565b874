import { botWarningsAmong, workspaceBotNames, type NamedBot } from "@/lib/bots/bot-name-warnings";
import type { NameWarning } from "@/lib/text/name-warnings";
import type { ConnectionView } from "./connection-record";

// The warnings about the bots of trusted connections (issue 31), for the admins who accept them: each side's bot is
// judged against the bots of both workspaces, so a bot of another workspace named like one of yours ("Billing",
// with a Cyrillic В) is pointed out before it is trusted to ask your bots anything.

/** Keyed `<connection id>:a` and `<connection id>:b`. */
export async function connectionNameWarnings(connections: ConnectionView[]): Promise<Map<string, NameWarning[]>> {
  const byWorkspace = await workspaceBotNames(connections.flatMap((c) => [c.a.workspace.id, c.b.workspace.id]));
  const botsOf = (id: string): NamedBot[] => byWorkspace.get(id) ?? [];
  const warnings = new Map<string, NameWarning[]>();
  for (const c of connections) {
    const bots = [
      ...new Map([...botsOf(c.a.workspace.id), ...botsOf(c.b.workspace.id)].map((b) => [b.id, b])).values(),
    ];
    warnings.set(`${c.id}:a`, botWarningsAmong(c.a.bot, bots));
    warnings.set(`${c.id}:b`, botWarningsAmong(c.b.bot, bots));
  }
  return warnings;
}
