import type { IncomingMessage } from "node:http";
import { toFetchResponse, toReqRes } from "fetch-to-node";
import { env } from "@/lib/env";
import { oauthProvider } from "./provider";

// oidc-provider is a Koa app answering Node's (req, res); a route handler gets a Fetch Request and returns a
// Response. fetch-to-node turns one into the other. Its req has no socket, and Koa reads `socket.encrypted` for the
// request's protocol: it is taken from APP_URL's scheme (TLS ends at the proxy in front of the app, if anywhere).

/** Node's (req, res) for a Fetch Request, as oidc-provider needs them. */
export function nodeRequest(request: Request) {
  const { req, res } = toReqRes(request);
  Object.defineProperty(req, "socket", {
    value: { encrypted: new URL(env().APP_URL).protocol === "https:", remoteAddress: "127.0.0.1" },
  });
  return { req: req as IncomingMessage, res };
}

/**
 * Headers of one connection (RFC 9110 §7.6.1): Node's res writes `Connection: keep-alive`, and fetch-to-node copies
 * it into the Response, where it overrode the client's `Connection: close` (the server then held every such
 * connection open until its keep-alive timeout, 5 s). Next's server frames its own connection.
 */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"];

/** Answers a request to one of the authorization server's endpoints (/oauth/*, its /.well-known metadata). */
export async function toProvider(request: Request): Promise<Response> {
  const { req, res } = nodeRequest(request);
  void oauthProvider().callback()(req, res);
  const response = await toFetchResponse(res);
  const headers = new Headers(response.headers);
  for (const name of HOP_BY_HOP) headers.delete(name);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
