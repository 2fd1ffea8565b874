import dns from "node:dns";
import net from "node:net";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { GLOBAL_UNICAST, SPECIAL_PURPOSE_BLOCKS, type SpecialPurposeBlock } from "./special-purpose-addresses";

// SSRF: the one rule for where Relay's server may connect on a caller's word (webhooks, push endpoints, OAuth Client
// ID Metadata Documents). The address a name resolves to is judged, not the name, by a lookup hook the connection
// itself uses (no second lookup for DNS rebinding to change).
//
// An allow-list: an address passes only inside global unicast and outside every block of IANA's special-purpose
// registries (lib/net/special-purpose-addresses.ts, which says why each block is refused and how the blocks that
// carry an IPv4 address are judged); loopback passes where the deployment allows it. ipaddr.js parses and matches
// CIDR blocks; its own classification (`range()`) is not used: it names one range per address, calls whatever it
// does not list "unicast" (all of ::/8 outside ::/96 and ::ffff:0:0/96 passed as public through it), and leaves out
// blocks of the registries.

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

interface Block {
  cidr: string;
  range: Cidr;
  row: SpecialPurposeBlock;
}

// Each CIDR block of the table, the most specific first: an address is named by the narrowest block it is in
// (192.0.0.9 is the PCP anycast address before it is an IETF protocol assignment).
const BLOCKS: readonly Block[] = SPECIAL_PURPOSE_BLOCKS.flatMap((row) =>
  row.block.split(", ").map((cidr) => ({ cidr, range: ipaddr.parseCIDR(cidr) as Cidr, row })),
).sort((a, b) => b.range[1] - a.range[1]);

const UNICAST: readonly Cidr[] = GLOBAL_UNICAST.map((cidr) => ipaddr.parseCIDR(cidr) as Cidr);

const inRange = (ip: Address, [base, bits]: Cidr) => ip.kind() === base.kind() && ip.match(base, bits);

/** The narrowest special-purpose block an address is in, or null. */
function blockOf(ip: Address): Block | null {
  return BLOCKS.find((block) => inRange(ip, block.range)) ?? null;
}

/** The IPv4 address in an IPv6 address's last 32 bits (the IPv4-mapped and NAT64 forms). */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 {
  const [high, low] = ip.parts.slice(6) as [number, number];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function judge(ip: Address, allowLoopback: boolean): string | null {
  const block = blockOf(ip);
  if (block && ip.kind() === "ipv6" && (block.row.rule === "ipv4-mapped" || block.row.rule === "nat64")) {
    const inner = embeddedIPv4(ip as ipaddr.IPv6);
    // A mapped address is the IPv4 connection itself; behind NAT64, 127.x is the translator's loopback, not ours.
    const reason = judge(inner, block.row.rule === "ipv4-mapped" && allowLoopback);
    return reason && `${block.row.described} (${block.cidr}, ${block.row.rfc}) of ${inner.toString()}, ${reason}`;
  }
  if (block) {
    if (block.row.rule === "loopback" && allowLoopback) return null;
    return `${block.row.described} (${block.cidr}, ${block.row.rfc})`;
  }
  if (!UNICAST.some((range) => inRange(ip, range))) return "not a global unicast address (IPv6 outside 2000::/3)";
  return null;
}

/** Why an address may not be connected to (`a private-use address (10.0.0.0/8, RFC 1918)`), or null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  if (!net.isIP(address) || !ipaddr.isValid(address)) return "not an IP address";
  return judge(ipaddr.parse(address), allowLoopback);
}

/**
 * Whether an address is this host's loopback: 127.0.0.0/8, ::1, or the IPv4-mapped form of 127.x (the same IPv4
 * connection). Not 127.x inside any other IPv6 form: those go elsewhere (lib/net/special-purpose-addresses.ts).
 */
export function isLoopbackAddress(address: string): boolean {
  return refusedAddress(address, false) !== null && refusedAddress(address, true) === null;
}

/** The first address of a name's that the rule refuses, with why; null when every one may be connected to. */
export function firstRefused(
  addresses: readonly { address: string }[],
  allowLoopback: boolean,
): { address: string; reason: string } | null {
  for (const { address } of addresses) {
    const reason = refusedAddress(address, allowLoopback);
    if (reason) return { address, reason };
  }
  return null;
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
      const refused = firstRefused(addresses, allowLoopback);
      if (refused)
        return callback(new RefusedAddressError(`${hostname} resolves to ${refused.address}, ${refused.reason}`), "", 0);
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
