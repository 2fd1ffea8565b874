import { toProvider } from "@/lib/oauth/mount";

// The same metadata under OpenID Connect's name: some MCP clients look here first.
export const dynamic = "force-dynamic";
export { toProvider as GET, toProvider as OPTIONS };
