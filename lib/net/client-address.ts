import { isIPv4 } from "node:net";
import ipaddr from "ipaddr.js";
import { processSlot } from "@/lib/process-singleton";

// Who is calling, by network address, for the sign-in and credential throttles (docs/decisions/016-throttling.md).
// The edge (instrumentation.ts) rewrites every incoming request's X-Forwarded-For to the one address it trusts, so
// everything behind it reads that header: `clientAddress`. `trustedClientAddress` is the edge's rule.
//
// Next's server listens before it runs instrumentation, so a request can arrive before the edge is in place (at start,
// and in `next dev` until the first request compiled the hook): its header is the client's. The edge therefore also
// stamps each request it rewrote with a random per-process mark; once the edge exists, a request without the mark
// counts as `unknown` (all such requests together), never as the address it claims.

/** The address the limits count against when a request carries none the edge vouches for. */
export const UNKNOWN_ADDRESS = "unknown";
/** The header the edge stamps its mark in. */
export const EDGE_MARK_HEADER = "x-relay-edge";

const edge = processSlot<string>("__relayEdgeMark");

/** The mark of this process's edge, once it runs (lib/http/trust-proxy.ts); undefined in-process (tests, CLI). */
export const edgeMark = (): string | undefined => edge.get();
export const setEdgeMark = (mark: string) => edge.set(mark);

export interface ClientConnection {
  /** The X-Forwarded-For header(s) the last proxy sent. */
  forwardedFor?: string | string[];
  /** The socket's peer. */
  socketAddress?: string;
  /** How many proxies of the operator's stand in front. */
  hops: number;
}

/**
 * The trusted client address of a connection: with `hops` = 0 the socket's peer; with N > 0 proxies of the operator's
 * in front, the Nth address from the right of the X-Forwarded-For chain the last proxy sent (the address the first
 * of them saw). A chain shorter than that yields its leftmost address. Everything left of the trusted position is
 * the client's to write, so it is never read.
 */
export function trustedClientAddress({ forwardedFor, socketAddress, hops }: ClientConnection): string {
  const socket = socketAddress ?? "";
  if (hops <= 0) return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [
    ...header
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
    socket,
  ];
  return chain[Math.max(chain.length - 1 - hops, 0)]!;
}

/**
 * The client's address as the edge wrote it into X-Forwarded-For, normalized: IPv4-mapped IPv6 as IPv4, IPv6 in its
 * short form without a zone. Anything else (no header, not an address, a request the edge did not see) is `unknown`.
 */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>): string {
  const header = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  const mark = edgeMark();
  if (mark !== undefined && header(EDGE_MARK_HEADER) !== mark) return UNKNOWN_ADDRESS;
  const raw = header("x-forwarded-for");
  const value = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).split(",").at(-1)!.trim();
  // The common cases without a parse (this runs on every bot request): IPv4, and IPv4 as the IPv6 socket shows it.
  if (isIPv4(value)) return value;
  if (value.startsWith("::ffff:") && isIPv4(value.slice(7))) return value.slice(7);
  if (!value || !ipaddr.isValid(value)) return UNKNOWN_ADDRESS;
  const address = ipaddr.process(value);
  if (address.kind() === "ipv6") (address as ipaddr.IPv6).zoneId = undefined;
  return address.toString();
}

/**
 * The key an address is counted under: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * subscriber's whole allocation, which a client can rotate through at will).
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return UNKNOWN_ADDRESS;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
