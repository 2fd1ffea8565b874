import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { isLoopbackAddress, literalRefusal, refusedAddress } from "./public-address";
import {
  CARRIES_IPV4,
  fromNumber,
  IANA_IPV4,
  IANA_IPV6,
  OTHERS,
  REFUSED_BLOCKS,
  span,
  width,
} from "@/test/iana-special-purpose";
import { SPECIAL_PURPOSE_BLOCKS } from "./special-purpose-addresses";

// The address rule against both IANA special-purpose registries, every block: its first, a middle and its last
// address refused (those that carry an IPv4 address: judged by it), and the addresses just outside it allowed
// where they are global. The registries are written out a second time, from IANA's pages (test/iana-special-purpose.ts),
// so that a block dropped from or changed in lib/net/special-purpose-addresses.ts fails here rather than quietly.

const REFUSED = REFUSED_BLOCKS.map((cidr) => ipaddr.parseCIDR(cidr));
const GLOBAL_IPV6 = ipaddr.parseCIDR("2000::/3");

/** First, middle and last address of a block, and the neighbours just outside it (where the address space goes on). */
function addressesOf(cidr: string) {
  const { kind, first, size } = span(cidr);
  const last = first + size - 1n;
  const at = (n: bigint) => fromNumber(n, kind).toString();
  return {
    kind,
    inside: { first: at(first), middle: at(first + size / 2n), last: at(last) },
    outside: [first - 1n, last + 1n].filter((n) => n >= 0n && n < 1n << BigInt(width(kind))).map(at),
  };
}

/** What the registries say of an address outside a block: refused if in another block, or not global unicast IPv6. */
function expectedRefused(address: string): boolean {
  const ip = ipaddr.parse(address);
  if (REFUSED.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits))) return true;
  return ip.kind() === "ipv6" && !ip.match(GLOBAL_IPV6);
}

describe("the table is IANA's two special-purpose registries, row for row", () => {
  it("has every block of both registries in their order, then the others, each with its RFC", () => {
    expect(SPECIAL_PURPOSE_BLOCKS.map((row) => row.block)).toEqual([...IANA_IPV4, ...IANA_IPV6, ...OTHERS]);
    for (const row of SPECIAL_PURPOSE_BLOCKS) expect(row.rfc, row.block).toMatch(/^RFC \d+/);
  });
});

describe("refusedAddress: every block of the registries", () => {
  const blocks = REFUSED_BLOCKS.filter((cidr) => !CARRIES_IPV4.has(cidr));

  it.each(blocks)("%s: first, middle and last refused, the middle one naming the block", (cidr) => {
    const { inside } = addressesOf(cidr);
    for (const address of [inside.first, inside.middle, inside.last]) {
      expect(refusedAddress(address, false), address).not.toBeNull();
      // Loopback passes where it is allowed; nothing else does.
      if (cidr !== "127.0.0.0/8" && cidr !== "::1/128") expect(refusedAddress(address, true), address).not.toBeNull();
    }
    expect(refusedAddress(inside.middle, false)).toContain(`(${cidr}, RFC `);
  });

  it.each(blocks)("%s: the addresses just outside are allowed where they are global", (cidr) => {
    for (const address of addressesOf(cidr).outside) {
      expect(refusedAddress(address, false) !== null, address).toBe(expectedRefused(address));
    }
  });

  it.each([...CARRIES_IPV4])("%s: judged by the IPv4 address it carries, first to last", (cidr, prefix) => {
    const { inside, outside } = addressesOf(cidr);
    expect(refusedAddress(inside.first, false)).toMatch(/of 0\.0\.0\.0, the unspecified address/);
    expect(refusedAddress(inside.last, false)).toMatch(/of 255\.255\.255\.255, the limited broadcast address/);
    expect(refusedAddress(inside.middle, false)).toBeNull(); // 128.0.0.0: global unicast
    expect(refusedAddress(`${prefix}93.184.216.34`, false)).toBeNull();
    for (const refused of ["10.0.0.1", "169.254.169.254", "100.64.0.1", "192.0.2.1", "240.0.0.1", "224.0.0.1"]) {
      expect(refusedAddress(`${prefix}${refused}`, false), `${prefix}${refused}`).toContain(`of ${refused}, `);
    }
    for (const address of outside) expect(refusedAddress(address, false) !== null, address).toBe(expectedRefused(address));
  });
});

describe("refusedAddress: the reported address and its kin", () => {
  it.each([
    ["::1:7f00:1", "not a global unicast address (IPv6 outside 2000::/3)"], // issue 31's probe: ::/8, outside ::/96
    ["::1:0:0:1", "not a global unicast address (IPv6 outside 2000::/3)"],
    ["1::1", "not a global unicast address (IPv6 outside 2000::/3)"],
    ["4000::1", "not a global unicast address (IPv6 outside 2000::/3)"],
    ["8000::1", "not a global unicast address (IPv6 outside 2000::/3)"],
    ["::ffff:0:7f00:1", "not a global unicast address (IPv6 outside 2000::/3)"], // RFC 6145's old translated form
    ["::7f00:1", "a deprecated IPv4-compatible address (::/96, RFC 4291 §2.5.5.1)"],
    ["::a9fe:a9fe", "a deprecated IPv4-compatible address (::/96, RFC 4291 §2.5.5.1)"],
    ["2002:7f00:1::1", "a 6to4 address (2002::/16, RFC 3056)"],
    ["2002:5db8:d822::1", "a 6to4 address (2002::/16, RFC 3056)"], // whatever IPv4 address it carries
    ["2001:0:5db8:d822::1", "a Teredo tunnel address (2001::/32, RFC 4380, RFC 8190)"],
    ["64:ff9b:1::5db8:d822", "a local-use NAT64 address (64:ff9b:1::/48, RFC 8215)"],
    ["169.254.169.254", "a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927)"],
    ["FE80::1", "a link-local address (fe80::/10, RFC 4291)"],
    ["fe80::1%eth0", "a link-local address (fe80::/10, RFC 4291)"],
    ["192.0.0.9", "the Port Control Protocol anycast address (192.0.0.9/32, RFC 7723)"],
    ["192.0.0.171", "a NAT64/DNS64 discovery address (192.0.0.171/32, RFC 8880, RFC 7050 §2.2)"],
    ["not-an-ip", "not an IP address"],
    ["127.1", "not an IP address"], // shorthand is for URLs to normalise, not for the rule to guess
    ["", "not an IP address"],
  ])("%s is %s", (address, reason) => {
    expect(refusedAddress(address, false)).toBe(reason);
    expect(refusedAddress(address, true)).toBe(reason);
  });

  it("allows global unicast, and loopback only where allowed: 127/8, ::1 and the IPv4-mapped form of 127.x", () => {
    for (const address of ["93.184.216.34", "1.1.1.1", "223.255.255.255", "2606:2800:220:1::1", "2a00:1450::1", "3ffe::1", "64:ff9b::5db8:d822", "::ffff:93.184.216.34"])
      expect(refusedAddress(address, false), address).toBeNull();
    for (const address of ["127.0.0.1", "127.255.255.254", "::1", "::ffff:127.0.0.1", "::ffff:7f00:1"]) {
      expect(refusedAddress(address, false), address).toMatch(/loopback address/);
      expect(refusedAddress(address, true), address).toBeNull();
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    // Forms that carry 127.x but reach somewhere else: never loopback.
    for (const address of ["64:ff9b::7f00:1", "::7f00:1", "::1:7f00:1", "2002:7f00:1::1", "0.0.0.0", "10.0.0.1"]) {
      expect(refusedAddress(address, true), address).not.toBeNull();
      expect(isLoopbackAddress(address), address).toBe(false);
    }
    expect(refusedAddress("64:ff9b::7f00:1", true)).toBe(
      "a NAT64 address (64:ff9b::/96, RFC 6052) of 127.0.0.1, a loopback address (127.0.0.0/8, RFC 1122 §3.2.1.3)",
    );
  });

  it("literalRefusal names the address a URL's host is, and leaves names to the lookup", () => {
    expect(literalRefusal(new URL("https://[::1:7f00:1]/hook"), true)).toBe(
      "::1:7f00:1 is not a global unicast address (IPv6 outside 2000::/3)",
    );
    // WHATWG URL parsing normalises IPv4 written in hex, octal or as one number before the rule sees it.
    expect(literalRefusal(new URL("https://0xa9.0376.43518/"), false)).toBe(
      "169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927)",
    );
    expect(literalRefusal(new URL("https://2130706433/"), false)).toMatch(/^127\.0\.0\.1 is a loopback address/);
    expect(literalRefusal(new URL("https://[::ffff:a9fe:a9fe]/"), true)).toMatch(/^::ffff:a9fe:a9fe is an IPv4-mapped/);
    expect(literalRefusal(new URL("https://hooks.example.com/"), false)).toBeNull();
    expect(literalRefusal(new URL("https://93.184.216.34/"), false)).toBeNull();
  });
});
