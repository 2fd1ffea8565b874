import { toProvider } from "@/lib/oauth/mount";
import { throttleOAuth } from "@/lib/oauth/throttle";

// MCP's OAuth authorization server (oidc-provider, lib/oauth/provider.ts): authorize, token, register, revoke, jwks.
// The consent page (app/oauth/consent/[uid]) is Relay's own and is matched before this catch-all. Registration and
// token requests are rate limited per client address first (lib/oauth/throttle.ts).
export const dynamic = "force-dynamic";

async function POST(request: Request): Promise<Response> {
  return (await throttleOAuth(request)) ?? toProvider(request);
}

export { toProvider as GET, POST, toProvider as OPTIONS };
