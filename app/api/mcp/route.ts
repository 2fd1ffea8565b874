import { handleMcpPost, mcpMethodNotAllowed } from "@/lib/mcp/handler";

// The MCP server a person's AI assistant talks to, as that person (README "MCP server"; tools in lib/mcp/tools).
export const POST = (request: Request) => handleMcpPost(request);
export const GET = (request: Request) => mcpMethodNotAllowed(request);
export const DELETE = (request: Request) => mcpMethodNotAllowed(request);
