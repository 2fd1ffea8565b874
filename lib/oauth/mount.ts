import type { IncomingMessage } from "node:http";
import { toFetchResponse, toReqRes } from "fetch-to-node";
import { env } from "@/lib/env";
import { oauthProvider } from "./provider";

// oidc-provider is a Koa app answering Node's (req, res); a route handler gets a Fetch Request and returns a
// Response. fetch-to-node turns one into the other.
//
// The library builds every URL it gives out (the endpoints in its metadata, the authorization endpoint a consent
// returns to, a registration's client URI) from the request's protocol and host, as Koa reads them: the protocol
// from `socket.encrypted`, the host from the Host header (X-Forwarded-Host and X-Forwarded-Proto only when
// `provider.proxy` is on, and it stays off). The client chooses its Host header; a proxy may pass it on unchecked.
// So the provider is shown APP_URL's: its scheme as the socket's (TLS ends at the proxy in front of the app, if
// anywhere), its host as the Host header. Every URL it gives out is then on APP_URL's origin, like its issuer.

/** Node's (req, res) for a Fetch Request, as oidc-provider needs them: on APP_URL's origin, whatever the request said. */
export function nodeRequest(request: Request) {
  const { req, res } = toReqRes(request);
  const appUrl = new URL(env().APP_URL);
  Object.defineProperty(req, "socket", {
    value: { encrypted: appUrl.protocol === "https:", remoteAddress: "127.0.0.1" },
  });
  req.headers.host = appUrl.host;
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
