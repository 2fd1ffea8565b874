import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as route from "@/app/api/mcp/route";
import { serveRoutes } from "./route-http";

// The MCP route handler served over real HTTP on 127.0.0.1, as Next serves it (test/route-http.ts). MCP clients
// (the SDK's own, the Inspector CLI) then talk to it exactly as to the running app, on this test file's database.

export interface McpHttp {
  url: string;
  close(): Promise<void>;
}

export async function startMcpHttp(): Promise<McpHttp> {
  const served = await serveRoutes([[/^\/api\/mcp$/, route, () => ({})]]);
  return { url: `${served.origin}/api/mcp`, close: served.close };
}

/** The SDK's own client, connected over Streamable HTTP with the token as a Bearer header. */
export async function mcpClient(url: string, token: string | null): Promise<Client> {
  const client = new Client({ name: "relay-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  });
  await client.connect(transport);
  return client;
}

/** Calls a tool; returns its structured result (the `data`, and whether it is marked untrusted) or its error. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const structured = (result.structuredContent ?? {}) as {
    data?: unknown;
    untrusted?: boolean;
    error?: { code: string; message: string; reasons?: string[] };
  };
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return {
    isError: result.isError === true,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are inspected freely
    data: structured.data as any,
    untrusted: structured.untrusted === true,
    error: structured.error,
    text,
  };
}
