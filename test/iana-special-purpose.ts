import ipaddr from "ipaddr.js";

// IANA's two special-purpose address registries written out a second time, from IANA's pages, for the tests of the
// address rule (lib/net/public-address.test.ts) and the fuzz of the doors that take a URL
// (test/security/fuzz/refused-addresses.ts): a block dropped from or changed in lib/net/special-purpose-addresses.ts
// fails those tests rather than leaving the fuzz nothing to draw from.

/** IANA IPv4 Special-Purpose Address Registry, in its order. */
export const IANA_IPV4 = [
  "0.0.0.0/8",
  "0.0.0.0/32",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.0.0/29",
  "192.0.0.8/32",
  "192.0.0.9/32",
  "192.0.0.10/32",
  "192.0.0.170/32, 192.0.0.171/32",
  "192.0.2.0/24",
  "192.31.196.0/24",
  "192.52.193.0/24",
  "192.88.99.0/24",
  "192.88.99.2/32",
  "192.168.0.0/16",
  "192.175.48.0/24",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "240.0.0.0/4",
  "255.255.255.255/32",
];

/** IANA IPv6 Special-Purpose Address Registry, in its order. */
export const IANA_IPV6 = [
  "::1/128",
  "::/128",
  "::ffff:0:0/96",
  "64:ff9b::/96",
  "64:ff9b:1::/48",
  "100::/64",
  "100:0:0:1::/64",
  "2001::/23",
  "2001::/32",
  "2001:1::1/128",
  "2001:1::2/128",
  "2001:1::3/128",
  "2001:2::/48",
  "2001:3::/32",
  "2001:4:112::/48",
  "2001:10::/28",
  "2001:20::/28",
  "2001:30::/28",
  "2001:db8::/32",
  "2002::/16",
  "2620:4f:8000::/48",
  "3fff::/20",
  "5f00::/16",
  "fc00::/7",
  "fe80::/10",
];

/** Refused beyond the registries: multicast, IPv4-compatible and site-local IPv6. */
export const OTHERS = ["224.0.0.0/4", "ff00::/8", "::/96", "fec0::/10"];

/** The blocks judged by the IPv4 address in their last 32 bits, and how an address in them is written. */
export const CARRIES_IPV4 = new Map([
  ["::ffff:0:0/96", "::ffff:"],
  ["64:ff9b::/96", "64:ff9b::"],
]);

/** Every CIDR block above (a registry row may hold several), in order. */
export const REFUSED_BLOCKS = [...IANA_IPV4, ...IANA_IPV6, ...OTHERS].flatMap((block) => block.split(", "));

export const width = (kind: string) => (kind === "ipv4" ? 32 : 128);

export const toNumber = (ip: ipaddr.IPv4 | ipaddr.IPv6) =>
  ip.toByteArray().reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);

export const fromNumber = (n: bigint, kind: string) => {
  const bytes = width(kind) / 8;
  return ipaddr.fromByteArray(
    Array.from({ length: bytes }, (_, i) => Number((n >> BigInt(8 * (bytes - 1 - i))) & 0xffn)),
  );
};

/** A block's first address as a number, its size, and its kind. */
export function span(cidr: string): { kind: string; first: bigint; size: bigint } {
  const [base, bits] = ipaddr.parseCIDR(cidr);
  return { kind: base.kind(), first: toNumber(base), size: 1n << BigInt(width(base.kind()) - bits) };
}
