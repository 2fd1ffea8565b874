// The addresses Relay's server never connects to on a caller's word (lib/net/public-address.ts), as one table that
// reads against IANA's registries row by row:
// - the IANA IPv4 Special-Purpose Address Registry (https://www.iana.org/assignments/iana-ipv4-special-registry),
// - the IANA IPv6 Special-Purpose Address Registry (https://www.iana.org/assignments/iana-ipv6-special-registry),
//   both as published in 2025 (the IPv6 one with 100:0:0:1::/64, RFC 9780), every row in the registry's order, its
//   block, name, RFC and "Globally Reachable" column as IANA writes them;
// - then the few non-global blocks the special-purpose registries leave to others (multicast, IPv4-compatible and
//   site-local IPv6), each with where it comes from.
//
// The rule is an allow-list (docs/decisions/006-webhook-delivery.md, "SSRF"): an address passes only inside
// GLOBAL_UNICAST and outside every row here. So a block this table forgets is refused anyway when it lies outside
// global unicast (all of ::/8 but what a row says, for instance); the rows also name why an address is refused.
//
// Every row is refused, the globally reachable ones too (IANA's `global: true`): they are anycast services (Port
// Control Protocol, TURN, DNS-SD registration, AS112's DNS sinks, AMT relays) or identifiers that are not locators
// (ORCHIDv2, drone entity tags). No bot's webhook receiver, push service or client metadata document lives at one,
// and an anycast address reaches whichever instance is nearest: for PCP that is the deployment's own NAT gateway,
// for AS112 often a sink its network runs itself. Refusing them costs nobody anything.
//
// Three rules other than "refuse" (`rule`):
// - `loopback`: 127.0.0.0/8 and ::1 pass where the deployment allows loopback webhooks (lib/deployment/settings.ts).
// - `ipv4-mapped`: ::ffff:0:0/96 is judged as the IPv4 address it carries, loopback included. It is no route of its
//   own: a connection to ::ffff:a.b.c.d is the kernel's IPv4 connection to a.b.c.d (RFC 4291 §2.5.5.2), the same
//   destination spelt another way, so it gets the same verdict.
// - `nat64`: 64:ff9b::/96, the NAT64 well-known prefix (IANA: globally reachable), is judged as the IPv4 address in
//   its last 32 bits, and its loopback never passes. A server on an IPv6-only network behind DNS64 reaches every
//   IPv4-only host through it, so refusing the prefix would refuse those deployments every IPv4 webhook; the
//   translator forwards to the embedded address, so that address is what to judge. RFC 6052 §3.1 already forbids
//   translating to a non-global IPv4 address; judging it here does not rely on the translator. 127.x behind it is
//   the translator's loopback, not this host's: never loopback as ALLOW_LOOPBACK_WEBHOOKS means it.
// The other blocks that embed an IPv4 address are refused outright, whatever they carry:
// - 64:ff9b:1::/48 (local-use NAT64): the operator chooses where in it the IPv4 address sits (RFC 6052 §2.2 allows
//   prefixes from /32 to /96), so it cannot be read without the local configuration; IANA: not globally reachable.
// - 2002::/16 (6to4): the IPv4 address in it is the 6to4 router of a site, not the host, and a host with a 6to4
//   interface sends straight to it encapsulated; 6to4 is deprecated (RFC 7526) and no receiver uses it today.
// - 2001::/32 (Teredo): a UDP tunnel to a client behind a NAT, its addresses obfuscated; inside 2001::/23 anyway.
// - ::/96 (IPv4-compatible, deprecated by RFC 4291 §2.5.5.1): Linux's sit driver can carry ::a.b.c.d over an
//   automatic tunnel to a.b.c.d, a way around the IPv4 rule; no resolver answers with one.

export type AddressRule = "refuse" | "loopback" | "ipv4-mapped" | "nat64";

export interface SpecialPurposeBlock {
  /** The address block as the registry writes it: a CIDR block, or several separated by ", ". */
  block: string;
  /** The registry's name for it. */
  name: string;
  /** The registry's RFC column. */
  rfc: string;
  /** The registry's "Globally Reachable": true, false, or null where it says N/A or nothing. */
  global: boolean | null;
  /** How a refusal says what an address in it is: `<address> is <described> (<block>, <rfc>)`. */
  described: string;
  rule: AddressRule;
  /** Where the row comes from when it is not one of the special-purpose registries. */
  source?: string;
}

const row = (
  block: string,
  name: string,
  rfc: string,
  global: boolean | null,
  described: string,
  rule: AddressRule = "refuse",
  source?: string,
): SpecialPurposeBlock => ({ block, name, rfc, global, described, rule, ...(source ? { source } : {}) });

export const SPECIAL_PURPOSE_BLOCKS: readonly SpecialPurposeBlock[] = [
  // IANA IPv4 Special-Purpose Address Registry.
  row("0.0.0.0/8", '"This network"', "RFC 791 §3.2", false, 'an address of "this network", never a destination'),
  row("0.0.0.0/32", '"This host on this network"', "RFC 1122 §3.2.1.3", false, "the unspecified address"),
  row("10.0.0.0/8", "Private-Use", "RFC 1918", false, "a private-use address"),
  row("100.64.0.0/10", "Shared Address Space", "RFC 6598", false, "a shared (carrier-grade NAT) address"),
  row("127.0.0.0/8", "Loopback", "RFC 1122 §3.2.1.3", false, "a loopback address", "loopback"),
  row("169.254.0.0/16", "Link Local", "RFC 3927", false, "a link-local (cloud metadata) address"),
  row("172.16.0.0/12", "Private-Use", "RFC 1918", false, "a private-use address"),
  row("192.0.0.0/24", "IETF Protocol Assignments", "RFC 6890 §2.1", false, "an IETF protocol assignment"),
  row("192.0.0.0/29", "IPv4 Service Continuity Prefix", "RFC 7335", false, "a DS-Lite service continuity address"),
  row("192.0.0.8/32", "IPv4 dummy address", "RFC 7600", false, "the IPv4 dummy address"),
  row("192.0.0.9/32", "Port Control Protocol Anycast", "RFC 7723", true, "the Port Control Protocol anycast address"),
  row("192.0.0.10/32", "Traversal Using Relays around NAT Anycast", "RFC 8155", true, "the TURN anycast address"),
  row("192.0.0.170/32, 192.0.0.171/32", "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050 §2.2", false, "a NAT64/DNS64 discovery address"),
  row("192.0.2.0/24", "Documentation (TEST-NET-1)", "RFC 5737", false, "a documentation address"),
  row("192.31.196.0/24", "AS112-v4", "RFC 7535", true, "an AS112 (DNS sink) address"),
  row("192.52.193.0/24", "AMT", "RFC 7450", true, "an AMT relay address"),
  row("192.88.99.0/24", "Deprecated (6to4 Relay Anycast)", "RFC 7526", null, "a deprecated 6to4 relay anycast address"),
  row("192.88.99.2/32", "6a44-relay anycast address", "RFC 6751", false, "the 6a44 relay anycast address"),
  row("192.168.0.0/16", "Private-Use", "RFC 1918", false, "a private-use address"),
  row("192.175.48.0/24", "Direct Delegation AS112 Service", "RFC 7534", true, "an AS112 (DNS sink) address"),
  row("198.18.0.0/15", "Benchmarking", "RFC 2544", false, "a benchmarking address"),
  row("198.51.100.0/24", "Documentation (TEST-NET-2)", "RFC 5737", false, "a documentation address"),
  row("203.0.113.0/24", "Documentation (TEST-NET-3)", "RFC 5737", false, "a documentation address"),
  row("240.0.0.0/4", "Reserved", "RFC 1112 §4", false, "a reserved address"),
  row("255.255.255.255/32", "Limited Broadcast", "RFC 8190, RFC 919 §7", false, "the limited broadcast address"),

  // IANA IPv6 Special-Purpose Address Registry.
  row("::1/128", "Loopback Address", "RFC 4291", false, "the loopback address", "loopback"),
  row("::/128", "Unspecified Address", "RFC 4291", false, "the unspecified address"),
  row("::ffff:0:0/96", "IPv4-mapped Address", "RFC 4291", false, "an IPv4-mapped address", "ipv4-mapped"),
  row("64:ff9b::/96", "IPv4-IPv6 Translat.", "RFC 6052", true, "a NAT64 address", "nat64"),
  row("64:ff9b:1::/48", "IPv4-IPv6 Translat.", "RFC 8215", false, "a local-use NAT64 address"),
  row("100::/64", "Discard-Only Address Block", "RFC 6666", false, "a discard-only address"),
  row("100:0:0:1::/64", "Dummy IPv6 Prefix", "RFC 9780", false, "a dummy address"),
  row("2001::/23", "IETF Protocol Assignments", "RFC 2928", false, "an IETF protocol assignment"),
  row("2001::/32", "TEREDO", "RFC 4380, RFC 8190", null, "a Teredo tunnel address"),
  row("2001:1::1/128", "Port Control Protocol Anycast", "RFC 7723", true, "the Port Control Protocol anycast address"),
  row("2001:1::2/128", "Traversal Using Relays around NAT Anycast", "RFC 8155", true, "the TURN anycast address"),
  row("2001:1::3/128", "DNS-SD Service Registration Protocol Anycast", "RFC 9665", true, "the DNS-SD registration anycast address"),
  row("2001:2::/48", "Benchmarking", "RFC 5180", false, "a benchmarking address"),
  row("2001:3::/32", "AMT", "RFC 7450", true, "an AMT relay address"),
  row("2001:4:112::/48", "AS112-v6", "RFC 7535", true, "an AS112 (DNS sink) address"),
  row("2001:10::/28", "Deprecated (previously ORCHID)", "RFC 4843", null, "a deprecated ORCHID identifier"),
  row("2001:20::/28", "ORCHIDv2", "RFC 7343", true, "an ORCHIDv2 identifier, not a locator"),
  row("2001:30::/28", "Drone Remote ID Protocol Entity Tags (DETs) Prefix", "RFC 9374", true, "a drone entity tag, not a locator"),
  row("2001:db8::/32", "Documentation", "RFC 3849", false, "a documentation address"),
  row("2002::/16", "6to4", "RFC 3056", null, "a 6to4 address"),
  row("2620:4f:8000::/48", "Direct Delegation AS112 Service", "RFC 7534", true, "an AS112 (DNS sink) address"),
  row("3fff::/20", "Documentation", "RFC 9637", false, "a documentation address"),
  row("5f00::/16", "Segment Routing (SRv6) SIDs", "RFC 9602", false, "a segment routing identifier"),
  row("fc00::/7", "Unique-Local", "RFC 4193, RFC 8190", false, "a unique-local (private) address"),
  row("fe80::/10", "Link-Local Unicast", "RFC 4291", false, "a link-local address"),

  // Not in the special-purpose registries.
  row("224.0.0.0/4", "Multicast", "RFC 5771", null, "a multicast address", "refuse", "IANA IPv4 Multicast Address Space Registry"),
  row("ff00::/8", "Multicast", "RFC 4291 §2.7", null, "a multicast address", "refuse", "IANA IPv6 Address Space"),
  row("::/96", "IPv4-compatible (deprecated)", "RFC 4291 §2.5.5.1", null, "a deprecated IPv4-compatible address", "refuse", "IANA IPv6 Address Space (::/8, reserved by the IETF)"),
  row("fec0::/10", "Site-local (deprecated)", "RFC 3879", null, "a deprecated site-local address", "refuse", "IANA IPv6 Address Space"),
];

/**
 * Where an address may be at all: IPv4 unicast (0.0.0.0 to 223.255.255.255; RFC 791's classes A, B and C, the rest
 * being multicast and reserved) and IPv6 global unicast (2000::/3, RFC 4291 §2.4 and IANA's IPv6 Address Space).
 */
export const GLOBAL_UNICAST: readonly string[] = ["0.0.0.0/1", "128.0.0.0/2", "192.0.0.0/3", "2000::/3"];
