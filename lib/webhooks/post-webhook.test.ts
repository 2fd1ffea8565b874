import { describe, expect, it } from "vitest";
import { refusedAddress } from "@/lib/net/public-address";
import { postWebhook } from "./post-webhook";

// SSRF: only public unicast addresses receive webhooks, judged by the address a name resolves to (ipaddr.js's
// classification of special-purpose ranges); loopback only where the deployment allows it; https only otherwise.

describe("refusedAddress", () => {
  it.each([
    ["10.1.2.3", "a private or reserved address (private)"],
    ["172.20.0.1", "a private or reserved address (private)"],
    ["192.168.1.10", "a private or reserved address (private)"],
    ["100.64.0.1", "a private or reserved address (carrierGradeNat)"],
    ["0.0.0.0", "a private or reserved address (unspecified)"],
    ["255.255.255.255", "a private or reserved address (broadcast)"],
    ["224.0.0.1", "a private or reserved address (multicast)"],
    ["169.254.169.254", "a link-local (metadata) address"],
    // The documentation networks (this very host's address was in one of them), benchmarking, IETF protocol use.
    ["192.0.2.10", "a private or reserved address (reserved)"],
    ["198.51.100.7", "a private or reserved address (reserved)"],
    ["203.0.113.9", "a private or reserved address (reserved)"],
    ["198.18.0.1", "a private or reserved address (reserved)"],
    ["192.0.0.8", "a private or reserved address (reserved)"],
    ["240.0.0.1", "a private or reserved address (reserved)"],
    ["fd00::1", "a private or reserved address (uniqueLocal)"],
    ["fe80::1", "a link-local (metadata) address"],
    ["::", "a private or reserved address (unspecified)"],
    ["ff02::1", "a private or reserved address (multicast)"],
    // IPv4-compatible ::/96, 6to4, Teredo, site-local, NAT64, documentation, discard-only.
    ["::102:304", "a private or reserved address (ipv4Compatible)"],
    ["::a00:1", "a private or reserved address (ipv4Compatible)"],
    ["2002:c000:0204::1", "a private or reserved address (6to4)"],
    ["2001::1", "a private or reserved address (teredo)"],
    ["fec0::1", "a private or reserved address (deprecatedSiteLocal)"],
    ["64:ff9b::a00:1", "a private or reserved address (rfc6052)"],
    ["2001:db8::1", "a private or reserved address (reserved)"],
    ["100::1", "a private or reserved address (discard)"],
    // IPv4-mapped addresses are judged as the IPv4 address they carry.
    ["::ffff:10.0.0.1", "a private or reserved address (private)"],
    ["::ffff:203.0.113.9", "a private or reserved address (reserved)"],
    ["::ffff:169.254.169.254", "a link-local (metadata) address"],
    ["127.0.0.1", "a loopback address"],
    ["127.9.9.9", "a loopback address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::1", "a loopback address"],
    ["not-an-ip", "not an IP address"],
  ])("%s is %s", (address, reason) => {
    expect(refusedAddress(address, false)).toBe(reason);
  });

  it("allows public unicast addresses, and loopback only when allowed", () => {
    expect(refusedAddress("93.184.216.34", false)).toBeNull();
    expect(refusedAddress("::ffff:93.184.216.34", false)).toBeNull();
    expect(refusedAddress("2606:2800:220:1::1", false)).toBeNull();
    expect(refusedAddress("127.0.0.1", true)).toBeNull();
    expect(refusedAddress("::1", true)).toBeNull();
    expect(refusedAddress("10.0.0.1", true)).toBe("a private or reserved address (private)");
    expect(refusedAddress("203.0.113.9", true)).toBe("a private or reserved address (reserved)");
  });
});

describe("postWebhook refuses before connecting", () => {
  const post = (url: string, allowLoopback = false) =>
    postWebhook(url, { "Content-Type": "application/json" }, "{}", { allowLoopback, timeoutMs: 2000 });

  it("private, reserved and metadata IP literals", async () => {
    expect((await post("https://10.0.0.5/hook")).error).toBe("refused: 10.0.0.5 is a private or reserved address (private)");
    expect((await post("https://169.254.169.254/latest/meta-data")).error).toBe("refused: 169.254.169.254 is a link-local (metadata) address");
    expect((await post("https://[fd12::1]/hook")).error).toBe("refused: fd12::1 is a private or reserved address (uniqueLocal)");
    expect((await post("https://203.0.113.5/hook", true)).error).toBe("refused: 203.0.113.5 is a private or reserved address (reserved)");
    expect((await post("https://[2002:c000:204::1]/hook")).error).toBe("refused: 2002:c000:204::1 is a private or reserved address (6to4)");
  });

  it("a name that resolves to a forbidden address (checked after resolution, not by the name)", async () => {
    const result = await post("https://localhost:9/hook");
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
  });

  it("http except to loopback where allowed; URLs that are not URLs", async () => {
    expect((await post("http://127.0.0.1:9/hook")).error).toMatch(/^refused: webhook URLs must use https/);
    expect((await post("http://example.com/hook", true)).error).toMatch(/^refused: webhook URLs must use https/);
    expect((await post("ftp://example.com/hook", true)).error).toMatch(/^refused: webhook URLs must use https/);
    expect((await post("not a url", true)).error).toBe("refused: not a valid URL");
    // Allowed: it gets as far as connecting (nothing listens on port 9).
    expect((await post("http://127.0.0.1:9/hook", true)).error).toMatch(/ECONNREFUSED/);
  });
});
