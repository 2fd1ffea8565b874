import { query, sql } from "@/lib/db/sql";
import { hashApiKey } from "@/lib/keys/api-key";
import { person, type PersonActor } from "@/lib/people/actor";
import { personalTokenFormat, type TokenScope } from "./personal-token";

/** Who a token acts for, where, and with what rights. */
export interface TokenPrincipal {
  tokenId: string;
  actor: PersonActor;
  /** The one workspace the token may touch. */
  workspaceId: string;
  workspaceSlug: string;
  scopes: TokenScope[];
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Records a use of a credential (personal access token, OAuth grant) at most once a minute: bookkeeping only, it
 * never delays or fails the request.
 */
export function noteUse(lastUsedAt: Date | null, touch: () => Promise<unknown>): void {
  if (lastUsedAt && Date.now() - lastUsedAt.getTime() <= LAST_USED_RESOLUTION_MS) return;
  void touch().catch(() => {});
}

const FIND = query("tokens.find", {
  text: `SELECT t.id, t.strong_at, t.user_id, t.workspace_id, w.slug, t.scopes, t.last_used_at
     FROM personal_access_tokens t
     JOIN memberships m ON m.workspace_id = t.workspace_id AND m.user_id = t.user_id
     JOIN workspaces w ON w.id = t.workspace_id
    WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
});
const TOUCH = query("tokens.touch", { text: "UPDATE personal_access_tokens SET last_used_at = now() WHERE id = $1" });

/**
 * The person behind a token, acting through MCP, or null for a missing, malformed, unknown or revoked token, or
 * one whose person is no longer a member of its workspace. Not cached: one indexed lookup per request, so a
 * revocation (or a removed membership) takes effect on the very next request.
 */
export async function authenticatePersonalToken(token: string | null): Promise<TokenPrincipal | null> {
  if (!token || !personalTokenFormat.isWellFormed(token)) return null;
  const rows = await sql().query(FIND, [hashApiKey(token)]);
  const row = rows[0];
  if (!row) return null;
  noteUse(row.last_used_at, () => sql().query(TOUCH, [row.id]));
  return {
    tokenId: row.id,
    actor: { ...person(row.user_id, "mcp"), strongGrant: row.strong_at !== null },
    workspaceId: row.workspace_id,
    workspaceSlug: row.slug,
    scopes: row.scopes as TokenScope[],
  };
}
