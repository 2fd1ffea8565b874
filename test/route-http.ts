import http from "node:http";
import type { AddressInfo } from "node:net";

// Route handlers served over real HTTP on 127.0.0.1, as Next serves them: each Node request becomes a Fetch Request
// for the module whose path pattern matches (with the params it captures), and the Response is written back, cookies
// included. A path no route matches is 404; a method its module does not export is 405. Clients (the MCP SDK's, the
// Inspector CLI, an OAuth flow) then talk to it exactly as to the running app, on the test file's database. A body is
// written as it comes (an event stream too), and a client that goes away aborts the request's signal, as in Next.

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, unknown>> },
) => Promise<Response> | Response;
export type RouteModule = Record<string, unknown>;
export type Route = [RegExp, RouteModule, (m: RegExpExecArray) => Record<string, unknown>];

export interface RouteHttp {
  origin: string;
  close(): Promise<void>;
}

export async function serveRoutes(routes: Route[]): Promise<RouteHttp> {
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const route = routes
        .map(([re, mod, params]) => {
          const m = re.exec(url.pathname);
          return m ? { mod, params: params(m) } : null;
        })
        .find(Boolean);
      const handler = route?.mod[req.method ?? "GET"] as Handler | undefined;
      if (!route || !handler) {
        res.writeHead(route ? 405 : 404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const gone = new AbortController();
      res.on("close", () => gone.abort());
      const response = await handler(
        new Request(url, {
          method: req.method,
          headers,
          body: hasBody ? Buffer.concat(chunks) : undefined,
          signal: gone.signal,
        }),
        { params: Promise.resolve(route.params) },
      );
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") out[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      res.writeHead(response.status, out);
      if (response.body) {
        const reader = response.body.getReader();
        gone.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}));
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          res.write(value);
        }
      }
      res.end();
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
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
