import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import * as mcp from "@/app/api/mcp/route";
import * as oauth from "@/app/oauth/[...path]/route";
import * as decision from "@/app/oauth/consent/[uid]/decision/route";
import * as asMetadata from "@/app/.well-known/oauth-authorization-server/route";
import * as oidcMetadata from "@/app/.well-known/openid-configuration/route";
import * as prm from "@/app/.well-known/oauth-protected-resource/[[...path]]/route";
import { env } from "@/lib/env";
import { serveRoutes, type Route, type RouteHttp } from "./route-http";

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

export const REDIRECT_URI = "http://127.0.0.1:53682/callback";

/** An MCP client's OAuth state, kept in memory (the SDK's OAuthClientProvider), with a fixed loopback redirect. */
export class MemoryAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  stored?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  constructor(
    readonly name = "Test Assistant",
    readonly redirect = REDIRECT_URI,
  ) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}
