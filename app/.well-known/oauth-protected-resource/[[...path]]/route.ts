import { protectedResourceMetadata } from "@/lib/oauth/resource-metadata";

// RFC 9728 protected resource metadata of the MCP server, at /.well-known/oauth-protected-resource and at its
// path-suffixed form /.well-known/oauth-protected-resource/api/mcp (any other suffix names no resource: 404).
export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: { params: Promise<{ path?: string[] }> }) {
  const { path } = await context.params;
  const suffix = (path ?? []).join("/");
  if (suffix !== "" && suffix !== "api/mcp") {
    return Response.json({ error: "not_found", error_description: "No protected resource here" }, { status: 404 });
  }
  return Response.json(protectedResourceMetadata(), {
    headers: { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
