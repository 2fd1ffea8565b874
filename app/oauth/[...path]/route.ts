import { toProvider } from "@/lib/oauth/mount";

// MCP's OAuth authorization server (oidc-provider, lib/oauth/provider.ts): authorize, token, register, revoke, jwks.
// The consent page (app/oauth/consent/[uid]) is Relay's own and is matched before this catch-all.
export const dynamic = "force-dynamic";
export { toProvider as GET, toProvider as POST, toProvider as OPTIONS };
