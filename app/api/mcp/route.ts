import { handleMcpPost, mcpMethodNotAllowed } from "@/lib/mcp/handler";
import { apiHandler } from "@/lib/http/api-handler";
import { notAllowed } from "@/lib/http/not-allowed";

// The MCP server a person's AI assistant talks to, as that person (docs/guides/mcp-clients.md; tools in lib/mcp/tools).
const methodNotAllowed = apiHandler(mcpMethodNotAllowed);

export const POST = apiHandler(handleMcpPost, { route: "/api/mcp" });
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
export const { OPTIONS } = notAllowed("POST");
