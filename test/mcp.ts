import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as route from "@/app/api/mcp/route";

// The MCP route handler served over real HTTP on 127.0.0.1, as Next serves it: each Node request becomes a Fetch
// Request for the route's exports, and the Response is written back. MCP clients (the SDK's own, the Inspector
// CLI) then talk to it exactly as to the running app, on this test file's database.

export interface McpHttp {
  url: string;
  close(): Promise<void>;
}

type Handler = (request: Request) => Promise<Response> | Response;

export async function startMcpHttp(): Promise<McpHttp> {
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const handler = (route as Record<string, unknown>)[req.method ?? "GET"] as Handler | undefined;
      if (url.pathname !== "/api/mcp" || !handler) {
        res.writeHead(url.pathname === "/api/mcp" ? 405 : 404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const response = await handler(
        new Request(url, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined }),
      );
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
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
