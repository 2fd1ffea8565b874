import { randomBytes } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { env } from "@/lib/env";
import { EDGE_MARK_HEADER, edgeMark, setEdgeMark, trustedClientAddress } from "@/lib/net/client-address";

// Next's server keeps a client-sent X-Forwarded-For as it is (it only fills the header in when absent), so anybody
// reaching the app could name any address. Node publishes 'http.server.request.start' for every request before the
// server's 'request' event, hence before Next reads a header: this subscriber replaces the header there with the
// address TRUST_PROXY_HOPS trusts (lib/net/client-address.ts), once, for every route, page and next-auth alike, and
// stamps the request with this process's mark (requests that arrived before it ran are then known: client-address.ts).

const CHANNEL = "http.server.request.start";
const state = globalThis as unknown as { __relayTrustProxy?: (message: unknown) => void };

export function trustProxy(hops = env().TRUST_PROXY_HOPS): void {
  if (state.__relayTrustProxy) diagnostics.unsubscribe(CHANNEL, state.__relayTrustProxy);
  if (edgeMark() === undefined) setEdgeMark(randomBytes(18).toString("base64url"));
  const mark = edgeMark()!;
  state.__relayTrustProxy = (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers["x-forwarded-for"] = trustedClientAddress(
      request.headers["x-forwarded-for"],
      socket.remoteAddress,
      hops,
    );
    request.headers[EDGE_MARK_HEADER] = mark;
  };
  diagnostics.subscribe(CHANNEL, state.__relayTrustProxy);
}
