import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { CARRIES_IPV4, fromNumber, REFUSED_BLOCKS, span } from "@/test/iana-special-purpose";

// URLs whose host is an address the address rule must refuse (issue 31), for the fuzz of the doors that take one
// (webhook-urls.int.test.ts): an address anywhere inside a block of IANA's special-purpose registries (drawn from
// test/iana-special-purpose.ts, not from the table under test), anywhere in IPv6 outside global unicast (2000::/3),
// or a refused IPv4 address in the IPv6 forms that carry it; written every way a URL parser accepts it (IPv4 in
// hex, octal, as one number, with a trailing dot; IPv6 compressed, in full, in capitals, with a dotted tail), with
// or without a port, a path and a query. Each case says what the doors must name: the address as the URL parser
// normalises it.

export interface RefusedUrl {
  url: string;
  /** The host as WHATWG URL normalises it, without brackets: what a refusal names. */
  address: string;
  /** How it was drawn and spelt, for grouping and reading a failure. */
  label: string;
}

const IPV4_BLOCKS = REFUSED_BLOCKS.filter((cidr) => span(cidr).kind === "ipv4");
const IPV6_BLOCKS = REFUSED_BLOCKS.filter((cidr) => span(cidr).kind === "ipv6" && !CARRIES_IPV4.has(cidr));

/** A number inside a block: its ends more often than chance would pick them. */
const inside = (cidr: string) => {
  const { first, size } = span(cidr);
  return fc
    .oneof(
      fc.constantFrom(0n, size - 1n, size / 2n),
      fc.bigInt({ min: 0n, max: size - 1n }),
    )
    .map((offset) => first + offset);
};

const refusedIPv4 = fc
  .constantFrom(...IPV4_BLOCKS)
  .chain((cidr) => inside(cidr).map((n) => ({ n, cidr })));

/** IPv4 written as a URL parser reads it (WHATWG's IPv4 parser: parts in decimal, 0x hex or 0 octal, fewer parts). */
const ipv4Spelling = (n: bigint): fc.Arbitrary<[string, string]> => {
  const octets = [24n, 16n, 8n, 0n].map((shift) => Number((n >> shift) & 0xffn));
  return fc.constantFrom<[string, string]>(
    [octets.join("."), "dotted"],
    [octets.map((o) => `0x${o.toString(16)}`).join("."), "hex parts"],
    [octets.map((o) => `0${o.toString(8)}`).join("."), "octal parts"],
    [n.toString(), "one number"],
    [`0x${n.toString(16).toUpperCase()}`, "one hex number"],
    [`${octets[0]}.${(Number(n) & 0xffffff).toString()}`, "two parts"],
    [`${octets.join(".")}.`, "trailing dot"],
  );
};

const ipv6Spelling = (ip: ipaddr.IPv6): fc.Arbitrary<[string, string]> =>
  fc.constantFrom<[string, string]>(
    [ip.toString(), "compressed"],
    [ip.toNormalizedString(), "in full"],
    [ip.parts.map((part) => part.toString(16).padStart(4, "0")).join(":").toUpperCase(), "capitals"],
  );

const host = fc.oneof(
  // An IPv4 address of a refused block.
  refusedIPv4.chain(({ n, cidr }) =>
    ipv4Spelling(n).map(([text, how]) => ({ host: text, label: `${cidr} ${how}` })),
  ),
  // An IPv6 address of a refused block.
  fc.constantFrom(...IPV6_BLOCKS).chain((cidr) =>
    inside(cidr).chain((n) =>
      ipv6Spelling(fromNumber(n, "ipv6") as ipaddr.IPv6).map(([text, how]) => ({ host: `[${text}]`, label: `${cidr} ${how}` })),
    ),
  ),
  // Anywhere in IPv6 outside global unicast: the top three bits anything but 001 (::/8 among them, issue 31's).
  fc
    .tuple(fc.constantFrom(0n, 2n, 3n, 4n, 5n, 6n, 7n), fc.bigInt({ min: 0n, max: (1n << 125n) - 1n }))
    .chain(([top, rest]) =>
      ipv6Spelling(fromNumber((top << 125n) | rest, "ipv6") as ipaddr.IPv6).map(([text, how]) => ({
        host: `[${text}]`,
        label: `outside 2000::/3 ${how}`,
      })),
    ),
  // A refused IPv4 address in the forms that carry one: IPv4-mapped and NAT64, with a dotted or a hex tail.
  fc.tuple(refusedIPv4, fc.constantFrom(...CARRIES_IPV4.entries()), fc.boolean()).map(([{ n, cidr }, [block, prefix], dotted]) => {
    const octets = [24n, 16n, 8n, 0n].map((shift) => Number((n >> shift) & 0xffn));
    const tail = dotted
      ? octets.join(".")
      : `${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
    return { host: `[${prefix}${tail}]`, label: `${cidr} in ${block}${dotted ? " dotted" : ""}` };
  }),
);

export const refusedUrl: fc.Arbitrary<RefusedUrl> = fc
  .tuple(host, fc.constantFrom("", ":443", ":8443"), fc.constantFrom("", "/", "/hook", "/latest/meta-data?x=1#y"))
  .map(([{ host, label }, port, path]) => {
    const url = `https://${host}${port}${path}`;
    return { url, address: new URL(url).hostname.replace(/^\[|\]$/g, ""), label };
  });
