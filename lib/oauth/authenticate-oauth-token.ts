import { query, sql } from "@/lib/db/sql";
import { person } from "@/lib/people/actor";
import { noteUse, type TokenPrincipal } from "@/lib/tokens/authenticate-token";
import type { TokenScope } from "@/lib/tokens/personal-token";
import { mcpResource, oauthProvider } from "./provider";

// An OAuth access token presented at /api/mcp (RFC 6750): looked up by the authorization server (opaque tokens, in
// its store), then held to Relay's rules: minted for this MCP server and nothing else (RFC 8707 audience), its
// grant not revoked in `oauth_grants`, its person still a member of the workspace chosen at consent. The scopes are
// the token's (those the person allowed).

/** oidc-provider's opaque tokens: 43 base64url characters. Anything else is refused without a lookup. */
const OPAQUE_TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

const FIND_GRANT = query("oauth.grants.findForToken", {
  text: `SELECT g.grant_id, g.user_id, g.workspace_id, w.slug, g.client_name, g.last_used_at, g.strong_at
     FROM oauth_grants g
     JOIN memberships m ON m.workspace_id = g.workspace_id AND m.user_id = g.user_id
     JOIN workspaces w ON w.id = g.workspace_id
    WHERE g.grant_id = $1 AND g.user_id = $2 AND g.revoked_at IS NULL`,
});
const TOUCH = query("oauth.grants.touch", { text: "UPDATE oauth_grants SET last_used_at = now() WHERE grant_id = $1" });

export type OAuthTokenResult = { principal: TokenPrincipal } | { refused: string };

/** The person behind an OAuth access token, or why it is refused (unknown, expired, another resource, revoked). */
export async function authenticateOAuthToken(token: string): Promise<OAuthTokenResult> {
  if (!OPAQUE_TOKEN.test(token)) return { refused: "The access token is unknown, malformed or revoked" };
  const accessToken = await oauthProvider().AccessToken.find(token);
  if (!accessToken || accessToken.isExpired) return { refused: "The access token is unknown, expired or revoked" };
  const audience = Array.isArray(accessToken.aud) ? accessToken.aud : [accessToken.aud];
  if (audience.length !== 1 || audience[0] !== mcpResource()) {
    return { refused: `The access token was not issued for this server (${mcpResource()})` };
  }
  const [grant] = await sql().query(FIND_GRANT, [accessToken.grantId, accessToken.accountId]);
  if (!grant) return { refused: "The access token is unknown, expired or revoked" };
  noteUse(grant.last_used_at, () => sql().query(TOUCH, [grant.grant_id]));
  const scopes = String(accessToken.scope ?? "")
    .split(" ")
    .filter((s): s is TokenScope => s === "read" || s === "write");
  return {
    principal: {
      tokenId: grant.grant_id,
      actor: { ...person(grant.user_id, "mcp"), client: grant.client_name, strongGrant: grant.strong_at !== null },
      workspaceId: grant.workspace_id,
      workspaceSlug: grant.slug,
      scopes,
    },
  };
}
