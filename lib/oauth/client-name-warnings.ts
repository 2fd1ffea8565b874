import { db } from "@/lib/db/client";
import type { PersonActor } from "@/lib/people/actor";
import { nameWarnings, type KnownName, type NameWarning } from "@/lib/text/name-warnings";

// The warnings about an OAuth client's name (issue 31), for the person about to allow it. Clients register
// globally, under any name they like (Dynamic Client Registration), or publish it at their client_id URL (Client ID
// Metadata Documents): no workspace holds them, so they are judged where a person meets them, on the consent page
// (and in Settings → Access tokens), against:
// - the assistants this person connected before under another client_id: a second "Claude" is another
//   registration, whatever it is called, and the person should know before allowing it;
// - a few well-known assistants' names, when this name only looks like one ("Сlaude" with a Cyrillic С): the exact
//   name proves nothing either way (anyone may register "Claude"), so it is not flagged, but a look-alike is a lie.
// Plus what every name is judged for: hidden characters and mixed scripts. Worked out when shown, never stored: the
// person's connections change, and a registration has no person to compare with.

/** Names of MCP clients people commonly connect; a registration that only looks like one of them is pointed out. */
export const WELL_KNOWN_ASSISTANTS = [
  "Claude",
  "Claude Code",
  "Claude Desktop",
  "ChatGPT",
  "OpenAI Codex",
  "GitHub Copilot",
  "Visual Studio Code",
  "Cursor",
  "Windsurf",
  "Gemini CLI",
  "MCP Inspector",
];

export interface ConnectedClient {
  clientId: string;
  clientName: string;
}

/** The warnings about one client's name, given the clients the person connected before (any of them may be it). */
export function clientWarningsAmong(client: ConnectedClient, connected: ConnectedClient[]): NameWarning[] {
  const seen = new Set<string>();
  const before: KnownName[] = [];
  for (const other of connected) {
    if (other.clientId === client.clientId || seen.has(other.clientId)) continue;
    seen.add(other.clientId);
    before.push({
      name: other.clientName,
      label: "",
      note: ", an assistant you connected before, but it is not the same one",
    });
  }
  const name = client.clientName.trim();
  const famous: KnownName[] = WELL_KNOWN_ASSISTANTS.filter((known) => known !== name).map((known) => ({
    name: known,
    label: "the assistant",
    note: " but is written with other characters",
  }));
  const warnings = nameWarnings({ name: client.clientName }, before);
  // A look-alike of a well-known name, unless it already looks like one the person connected (said once is enough).
  if (!warnings.some((w) => w.kind === "looks_like"))
    warnings.push(...nameWarnings({ name: client.clientName }, famous).filter((w) => w.kind === "looks_like"));
  return warnings;
}

/** The clients a person has connected (revoked ones too: the name was met), one row per client. */
export async function connectedClients(actor: PersonActor): Promise<ConnectedClient[]> {
  return db().oAuthGrant.findMany({
    where: { userId: actor.userId },
    select: { clientId: true, clientName: true },
    distinct: ["clientId"],
    orderBy: { clientId: "asc" },
  });
}

/** The warnings about a client's name for this person, at the moment they decide (the consent page). */
export async function clientNameWarnings(actor: PersonActor, client: ConnectedClient): Promise<NameWarning[]> {
  return clientWarningsAmong(client, await connectedClients(actor));
}
