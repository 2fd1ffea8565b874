import { listening, subscribe } from "@/lib/db/listener";
import { processSingleton } from "@/lib/process-singleton";
import type { BotPrincipal } from "./bot-principal";

// Keys looked up recently, by hash, for a minute at most: a bot's every request no longer costs a query. Revocation
// stays immediate: revokeApiKey evicts the key here at once and NOTIFYs every other process (the CLI, other app
// processes), which evict it on receipt; a change of the bot's status (cached with the key) is NOTIFYd the same way by
// a trigger on bots. Without a working LISTEN connection nothing is cached.

export const API_KEY_CHANNEL = "relay_api_key_revoked";
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

const entries = processSingleton(
  "__relayKeyCache",
  () => new Map<string, { principal: BotPrincipal; expires: number }>(),
);
/** A revoked key's hash, or `bot:<id>` when a bot's status changed (a trigger on bots): its keys are forgotten. */
const onRevoked = (payload: string) => {
  if (!payload.startsWith("bot:")) return void entries.delete(payload);
  const botId = payload.slice(4);
  for (const [hash, entry] of entries) if (entry.principal.id === botId) entries.delete(hash);
};
const onReset = () => entries.clear();

/** Subscribes on every use (cheap once listening; lib/db/listener.ts), and reconnects the connection when it is down. */
const start = () => subscribe(API_KEY_CHANNEL, { handler: onRevoked, onReset });

export async function cachedPrincipal(hash: string): Promise<BotPrincipal | null> {
  await start();
  if (!listening()) return null;
  const hit = entries.get(hash);
  if (!hit) return null;
  if (hit.expires < Date.now()) {
    entries.delete(hash);
    return null;
  }
  return hit.principal;
}

export function rememberPrincipal(hash: string, principal: BotPrincipal): void {
  if (!listening()) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(hash, { principal, expires: Date.now() + TTL_MS });
}

export function forgetPrincipal(hash: string): void {
  entries.delete(hash);
}
