import { randomBytes } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { env } from "@/lib/env";
import { EDGE_MARK_HEADER, edgeMark, setEdgeMark, trustedClientAddress } from "@/lib/net/client-address";
import { processSlot } from "@/lib/process-singleton";

// Next's server keeps a client-sent X-Forwarded-For as it is (it only fills the header in when absent), so anybody
// reaching the app could name any address. Node publishes 'http.server.request.start' for every request before the
// server's 'request' event, hence before Next reads a header: this subscriber replaces the header there with the
// address TRUST_PROXY_HOPS trusts (lib/net/client-address.ts), once, for every route, page and next-auth alike, and
// stamps the request with this process's mark (requests that arrived before it ran are then known: client-address.ts).

const CHANNEL = "http.server.request.start";
/** The subscriber in place, replaced by the next call (one per process, whichever bundle subscribed it). */
const subscriber = processSlot<(message: unknown) => void>("__relayTrustProxy");

export function trustProxy(hops = env().TRUST_PROXY_HOPS): void {
  const previous = subscriber.get();
  if (previous) diagnostics.unsubscribe(CHANNEL, previous);
  if (edgeMark() === undefined) setEdgeMark(randomBytes(18).toString("base64url"));
  const mark = edgeMark()!;
  const rewrite = (message: unknown) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers["x-forwarded-for"] = trustedClientAddress({
      forwardedFor: request.headers["x-forwarded-for"],
      socketAddress: socket.remoteAddress,
      hops,
    });
    request.headers[EDGE_MARK_HEADER] = mark;
  };
  subscriber.set(rewrite);
  diagnostics.subscribe(CHANNEL, rewrite);
}
