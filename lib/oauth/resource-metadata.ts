import { env } from "@/lib/env";
import { OAUTH_SCOPES, issuer, mcpResource } from "./provider";

// RFC 9728 protected resource metadata of the MCP server: what an MCP client reads, from the URL in a 401's
// WWW-Authenticate, to find the authorization server (Relay itself) and the scopes it can ask for.

export const protectedResourceMetadataUrl = () =>
  new URL("/.well-known/oauth-protected-resource/api/mcp", env().APP_URL).toString();

export function protectedResourceMetadata() {
  return {
    resource: mcpResource(),
    authorization_servers: [issuer()],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Relay",
  };
}
