import { createPrivateKey } from "node:crypto";
import Provider, { errors, type ClientInstance, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { derivedKey } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-singleton";
import { PostgresAdapter } from "./adapter";
import { fetchMetadataDocument, metadataDocumentFetchAllowed } from "./fetch-metadata-document";
import { markGrantRevoked } from "./grants";
import { isPrivateUseRedirect, LOOPBACK_HOSTS, redirectUriRefusal } from "./redirect-uri";

// MCP's OAuth 2.1 authorization server (docs/decisions/026-mcp-oauth.md): oidc-provider, built once per process,
// does every protocol step (RFC 8414 metadata, authorization code with PKCE S256, tokens with rotating refresh
// tokens and reuse detection, Dynamic Client Registration, Client ID Metadata Documents, revocation, resource
// indicators). Relay adds its storage (lib/oauth/adapter.ts), the consent page (app/oauth/consent/[uid]) and its
// own grants table (lib/oauth/grants.ts). Everything is mounted under /oauth (routes) beside Next's route handlers
// (lib/oauth/mount.ts).

/** The scopes a client may ask for, in Relay's words: `read`; `write` to act as the person. */
export const OAUTH_SCOPES = ["read", "write"] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** The one protected resource: the MCP server (RFC 8707). Tokens are minted for it alone. */
export const mcpResource = () => new URL("/api/mcp", env().APP_URL).toString();
export const issuer = () => new URL(env().APP_URL).origin;

/**
 * The signing key (JWKS; Relay issues no ID tokens and its access tokens are opaque, but the library wants one):
 * an Ed25519 key whose seed is derived from the app's secret key, so every process of a deployment has the same.
 */
function signingJwk() {
  const seed = derivedKey("relay/oauth/signing-key/v1");
  const pkcs8 = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  const jwk = createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }).export({ format: "jwk" });
  return { ...jwk, alg: "EdDSA", use: "sig", kid: "relay-1" };
}

function configuration(): Configuration {
  const resource = mcpResource();
  return {
    adapter: PostgresAdapter,
    jwks: { keys: [signingJwk()] },
    cookies: { keys: [derivedKey("relay/oauth/cookie-key/v1").toString("base64url")] },
    // Listed, or DCR with scope="read write" fails with invalid_client_metadata.
    scopes: [...OAUTH_SCOPES],
    // Every client's redirect URIs pass Relay's rule (lib/oauth/redirect-uri.ts) before the library's own checks:
    // the library's hook for extending a standard property's validation runs for each client it builds, from a
    // registration, from a Client ID Metadata Document and from the store alike.
    extraClientMetadata: { properties: ["redirect_uris", "post_logout_redirect_uris"], validator: checkRedirectUris },
    claims: { openid: ["sub"] },
    responseTypes: ["code"],
    pkce: { required: () => true },
    enabledJWA: { idTokenSigningAlgValues: ["EdDSA"] },
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      id_token_signed_response_alg: "EdDSA",
    },
    routes: {
      authorization: "/oauth/authorize",
      token: "/oauth/token",
      registration: "/oauth/register",
      revocation: "/oauth/revoke",
      jwks: "/oauth/jwks",
      end_session: "/oauth/logout",
      userinfo: "/oauth/userinfo",
      introspection: "/oauth/introspect",
      pushed_authorization_request: "/oauth/par",
      code_verification: "/oauth/device",
      device_authorization: "/oauth/device/auth",
      backchannel_authentication: "/oauth/ciba",
      challenge: "/oauth/challenge",
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      // RFC 7009: a client revokes its own tokens; another client's token is ignored (200, nothing revoked).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: ClientInstance, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== resource) throw new errors.InvalidTarget(`Relay issues tokens for ${resource} only`);
          return {
            scope: OAUTH_SCOPES.join(" "),
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: "opaque",
          };
        },
      },
      // SSRF: a client_id URL is fetched only from a public address (lib/oauth/fetch-metadata-document.ts).
      clientIdMetadataDocument: {
        enabled: true,
        ack: "draft-02",
        allowFetch: (_ctx: unknown, clientId: string) => metadataDocumentFetchAllowed(clientId),
      },
    },
    fetch: fetchMetadataDocument,
    issueRefreshToken: async (_ctx: unknown, client: ClientInstance) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: 365 * 24 * 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      IdToken: 60 * 60,
    },
    // Every authorization asks the person signed in to Relay: only the grant its consent just made counts, never one
    // the provider's own session remembers (its cookie outlives a Relay sign-out: another person on the same
    // browser must not be acted for).
    loadExistingGrant: async (ctx: { oidc: { result?: { consent?: { grantId?: string } }; provider: Provider } }) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/oauth/consent/${interaction.uid}` },
    // Errors that cannot go back to the client's redirect URI: JSON, never the library's HTML page.
    // Some of the library's errors have no description (request_not_supported): every refusal says what it is.
    renderError: (ctx: KoaContextWithOIDC, out: Record<string, string>) => {
      ctx.type = "json";
      ctx.body = { ...out, error_description: out.error_description ?? `The request was refused: ${out.error}` };
    },
  };
}

function build(): Provider {
  const provider = new Provider(issuer(), configuration());
  provider.proxy = false;
  // RFC 6749 §3.3: a request without scope gets the default (both; the person narrows it on the consent page).
  provider.use(async (ctx, next) => {
    if (ctx.path === "/oauth/authorize" && ctx.method === "GET" && !ctx.query.scope) {
      ctx.query = { ...ctx.query, scope: OAUTH_SCOPES.join(" ") };
    }
    await next();
  });
  // RFC 8252 §7.3: a loopback redirect URI may differ in port only, for any client (oidc-provider allows it for
  // native clients only); anything else must match exactly.
  const exact = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (this: ClientInstance, value: string) {
    if (exact.call(this, value)) return true;
    return this.redirectUris?.some((registered: string) => sameLoopbackButPort(registered, value)) ?? false;
  };
  // A replayed refresh token makes the library revoke the whole grant: Relay's record of it says so too.
  provider.on("grant.revoked", (_ctx, grantId: string) => {
    void markGrantRevoked(grantId).catch((err: unknown) =>
      log().error({ err }, "marking an OAuth grant revoked failed"),
    );
  });
  provider.on("server_error", (_ctx, err) => log().error({ err }, "OAuth authorization server error"));
  return provider;
}

/**
 * oidc-provider's `extraClientMetadata.validator` for the redirect URI properties: a URI Relay's rule refuses is
 * `invalid_redirect_uri` (the library names the error by the description's first word, RFC 7591 §3.2.2); malformed
 * values are left to the library's own checks, which follow. A client whose redirect URIs include an app's
 * private-use scheme is a native app (RFC 8252 §7.1), whatever it called itself: the library accepts such a scheme
 * only from one, and then holds its http and https URIs to the native rules too.
 */
function checkRedirectUris(_ctx: unknown, key: string, value: unknown, metadata: Record<string, unknown>) {
  if (!Array.isArray(value)) return;
  const uris = value.filter((uri): uri is string => typeof uri === "string");
  for (const uri of uris) {
    const refusal = redirectUriRefusal(uri);
    if (refusal) throw new errors.InvalidClientMetadata(`${key} ${refusal}`);
  }
  if (key === "redirect_uris" && uris.some(isPrivateUseRedirect)) metadata.application_type = "native";
}

export function sameLoopbackButPort(registered: string, value: string): boolean {
  const a = URL.parse(registered);
  const b = URL.parse(value);
  if (!a || !b || a.protocol !== "http:" || b.protocol !== "http:") return false;
  if (!LOOPBACK_HOSTS.has(b.hostname) || a.hostname !== b.hostname) return false;
  return a.pathname === b.pathname && a.search === b.search && a.username === "" && b.username === "" && !b.hash;
}

const built = processSlot<{ issuer: string; provider: Provider }>("__relayOAuthProvider");

/** The process's authorization server (made on first use, for APP_URL's origin). */
export function oauthProvider(): Provider {
  const current = built.get();
  if (current && current.issuer === issuer()) return current.provider;
  const provider = build();
  built.set({ issuer: issuer(), provider });
  return provider;
}
