import dns from "node:dns";
import net from "node:net";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

// SSRF: the one rule for where Relay's server may connect on a caller's word (webhooks, push endpoints, OAuth Client
// ID Metadata Documents). The address a name resolves to is judged, not the name, by a lookup hook the connection
// itself uses (no second lookup for DNS rebinding to change).
//
// The address classification comes from ipaddr.js's table of special-purpose ranges (IANA's registries): only
// public unicast passes, and loopback where the deployment allows it. ipaddr.js calls the deprecated IPv4-compatible
// block ::/96 unicast; it is refused too.
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR("::/96");

/** Why an address may not be connected to, or null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(address) || !net.isIP(address)) return "not an IP address";
  const ip = ipaddr.process(address); // an IPv4-mapped IPv6 address is judged as the IPv4 address it carries
  let range: string = ip.range();
  if (range === "unicast" && ip.kind() === "ipv6" && (ip as ipaddr.IPv6).match(IPV4_COMPATIBLE))
    range = "ipv4Compatible";
  if (range === "unicast") return null;
  if (range === "loopback") return allowLoopback ? null : "a loopback address";
  if (range === "linkLocal") return "a link-local (metadata) address";
  return `a private or reserved address (${range})`;
}

/** A connection refused by the rule (its message names the host, the address and why). */
export class RefusedAddressError extends Error {
  override name = "RefusedAddressError";
}

/** A `lookup` for net/http(s) connections: resolves the name, refuses it when any address it has is refused. */
export function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      for (const { address } of addresses) {
        const reason = refusedAddress(address, allowLoopback);
        if (reason) return callback(new RefusedAddressError(`${hostname} resolves to ${address}, ${reason}`), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The host of a URL when it is an IP address literal (without IPv6 brackets), else null. Node connects to a literal
 * without calling `lookup`, so a literal must be judged before the connection.
 */
export function addressLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return net.isIP(host) ? host : null;
}

/**
 * Why a URL whose host is an IP literal may not be connected to (`<address> is <reason>`), or null: a name (judged by
 * `checkedLookup` when connecting) or an allowed address.
 */
export function literalRefusal(url: URL, allowLoopback: boolean): string | null {
  const literal = addressLiteral(url);
  const reason = literal ? refusedAddress(literal, allowLoopback) : null;
  return reason ? `${literal} is ${reason}` : null;
}
