import * as mcp from "@/app/api/mcp/route";
import * as oauth from "@/app/oauth/[...path]/route";
import * as decision from "@/app/oauth/consent/[uid]/decision/route";
import * as asMetadata from "@/app/.well-known/oauth-authorization-server/route";
import * as oidcMetadata from "@/app/.well-known/openid-configuration/route";
import * as prm from "@/app/.well-known/oauth-protected-resource/[[...path]]/route";
import type { SignedInPerson } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { mcpResource } from "@/lib/oauth/provider";
import { REDIRECT_URI } from "./oauth-client";
import { serveRoutes, type Route, type RouteHttp } from "./route-http";

export { MemoryAuthProvider, REDIRECT_URI } from "./oauth-client";

// The MCP server and its OAuth authorization server served over real HTTP on 127.0.0.1, as Next serves them: the
// route handlers of /api/mcp, /oauth/*, the consent decision and the /.well-known metadata, each with its params.
// APP_URL becomes this server's origin (the issuer and the resource must be where clients reach them).

const ROUTES: Route[] = [
  [/^\/api\/mcp$/, mcp, () => ({})],
  [/^\/oauth\/consent\/([^/]+)\/decision$/, decision, (m) => ({ uid: decodeURIComponent(m[1]!) })],
  [/^\/oauth\/(.+)$/, oauth, (m) => ({ path: m[1]!.split("/") })],
  [/^\/\.well-known\/oauth-authorization-server$/, asMetadata, () => ({})],
  [/^\/\.well-known\/openid-configuration$/, oidcMetadata, () => ({})],
  [/^\/\.well-known\/oauth-protected-resource(?:\/(.*))?$/, prm, (m) => (m[1] ? { path: m[1].split("/") } : {})],
];

export type AppHttp = RouteHttp;

export async function startOAuthHttp(): Promise<AppHttp> {
  const served = await serveRoutes(ROUTES);
  Object.assign(env(), { APP_URL: served.origin });
  return served;
}

/** The authorization server's issuer and endpoints as Relay serves them for `origin` (its APP_URL). */
export const endpointsAt = (origin: string) => ({
  issuer: origin,
  authorization_endpoint: `${origin}/oauth/authorize`,
  token_endpoint: `${origin}/oauth/token`,
  registration_endpoint: `${origin}/oauth/register`,
  revocation_endpoint: `${origin}/oauth/revoke`,
});

/** The query of an authorization request for `clientId`: PKCE S256 (a fixed challenge), `read`, the MCP resource. */
export const authorizationQuery = (clientId: string, redirectUri = REDIRECT_URI) =>
  new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    scope: "read",
    state: "s",
    resource: mcpResource(),
  });

/** A seeded person as the session (mocked in the test file) returns them: signed in to Relay. */
export const signedIn = (p: { id: string; email: string; name: string; handle: string }): SignedInPerson => ({
  id: p.id,
  email: p.email,
  name: p.name,
  handle: p.handle,
});
