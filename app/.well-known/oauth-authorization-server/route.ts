import { toProvider } from "@/lib/oauth/mount";

// RFC 8414 authorization server metadata, answered by oidc-provider (lib/oauth/provider.ts).
export const dynamic = "force-dynamic";
export { toProvider as GET, toProvider as OPTIONS };
