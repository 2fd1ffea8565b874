import { query, sql } from "@/lib/db/sql";
import { hashApiKey, isWellFormedApiKey } from "@/lib/keys/api-key";
import { guardCredential } from "@/lib/throttle/guard-credential";
import { cachedPrincipal, rememberPrincipal } from "./api-key-cache";
import type { BotPrincipal } from "./bot-principal";

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Returns the bot for a key, or null for a missing, malformed, unknown or revoked key. Revocation is immediate: a
 * revoked key is evicted from the cache of every process (lib/bots/api-key-cache.ts).
 *
 * With the caller's `address` (every request does; tests of the domain may not), a key this process has cached is
 * served as before, with no query (and the address is not even read); anything else passes the credential throttle
 * first (lib/throttle/guard-credential.ts): refused with 429 `too_many_attempts` while the address is locked, and
 * counted when it fails.
 */
export async function authenticateBot(apiKey: string | null, from?: { address(): string }): Promise<BotPrincipal | null> {
  if (!apiKey) return null; // no credential: not a guess
  const hash = isWellFormedApiKey(apiKey) ? hashApiKey(apiKey) : null;
  if (hash) {
    const cached = await cachedPrincipal(hash);
    if (cached) return cached;
  }
  if (!from) return hash ? lookUp(hash) : null;
  return guardCredential(from.address(), { kind: "api_key", lookup: async () => (hash ? lookUp(hash) : null) });
}

const FIND_KEY = query("bots.findKey", {
  text: `SELECT k.id AS key_id, k.scopes, k.last_used_at, b.id, b.handle, b.name, b.workspace_id, b.status
     FROM api_keys k JOIN bots b ON b.id = k.bot_id
    WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
});
const TOUCH_KEY = query("bots.touchKey", { text: "UPDATE api_keys SET last_used_at = now() WHERE id = $1" });

async function lookUp(hash: string): Promise<BotPrincipal | null> {
  const rows = await sql().query(FIND_KEY, [hash]);
  const row = rows[0];
  if (!row) return null;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    // Bookkeeping only, at most once a minute per key: never delays or fails the request.
    void sql()
      .query(TOUCH_KEY, [row.key_id])
      .catch(() => {});
  }
  const principal: BotPrincipal = {
    id: row.id,
    handle: row.handle,
    name: row.name,
    workspaceId: row.workspace_id,
    keyId: row.key_id,
    scopes: row.scopes ?? [],
    status: row.status,
  };
  rememberPrincipal(hash, principal);
  return principal;
}

export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
