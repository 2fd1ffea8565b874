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

/** Answers a request to one of the authorization server's endpoints (/oauth/*, its /.well-known metadata). */
export async function toProvider(request: Request): Promise<Response> {
  const { req, res } = nodeRequest(request);
  void oauthProvider().callback()(req, res);
  return toFetchResponse(res);
}
