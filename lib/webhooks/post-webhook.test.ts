import { describe, expect, it } from "vitest";
import { postWebhook } from "./post-webhook";

// SSRF: only global unicast addresses receive webhooks, judged by the address a name resolves to (the rule and its
// table: lib/net/public-address.test.ts); loopback only where the deployment allows it; https only otherwise. A
// refusal says so (`refused`), so a delivery is not retried on a schedule (lib/webhooks/delivery.int.test.ts).

describe("postWebhook refuses before connecting", () => {
  const post = (url: string, allowLoopback = false) =>
    postWebhook(url, { headers: { "Content-Type": "application/json" }, body: "{}", allowLoopback, timeoutMs: 2000 });

  it("private, reserved and metadata IP literals", async () => {
    expect(await post("https://10.0.0.5/hook")).toMatchObject({
      status: null,
      error: "refused: 10.0.0.5 is a private-use address (10.0.0.0/8, RFC 1918)",
      refused: true,
    });
    expect((await post("https://169.254.169.254/latest/meta-data")).error).toBe(
      "refused: 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927)",
    );
    expect((await post("https://[fd12::1]/hook")).error).toBe("refused: fd12::1 is a unique-local (private) address (fc00::/7, RFC 4193, RFC 8190)");
    expect((await post("https://203.0.113.5/hook", true)).error).toBe("refused: 203.0.113.5 is a documentation address (203.0.113.0/24, RFC 5737)");
    expect((await post("https://[2002:c000:204::1]/hook")).error).toBe("refused: 2002:c000:204::1 is a 6to4 address (2002::/16, RFC 3056)");
  });

  it("issue 31: ::/8 outside ::/96 and ::ffff:0:0/96 is refused, not attempted", async () => {
    expect(await post("https://[::1:7f00:1]/", true)).toMatchObject({
      status: null,
      error: "refused: ::1:7f00:1 is not a global unicast address (IPv6 outside 2000::/3)",
      refused: true,
    });
  });

  it("a name that resolves to a forbidden address (checked after resolution, not by the name)", async () => {
    const result = await post("https://localhost:9/hook");
    expect(result.status).toBeNull();
    expect(result.refused).toBe(true);
    expect(result.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), (a|the) loopback address \(/);
  });

  it("http except to loopback where allowed; URLs that are not URLs", async () => {
    expect((await post("http://127.0.0.1:9/hook")).error).toMatch(/^refused: webhook URLs must use https/);
    expect((await post("http://example.com/hook", true)).error).toMatch(/^refused: webhook URLs must use https/);
    expect((await post("ftp://example.com/hook", true)).error).toMatch(/^refused: webhook URLs must use https/);
    expect((await post("not a url", true)).error).toBe("refused: not a valid URL");
    expect((await post("not a url", true)).refused).toBe(true);
    // Allowed: it gets as far as connecting (nothing listens on port 9), which is no refusal.
    const connected = await post("http://127.0.0.1:9/hook", true);
    expect(connected.error).toMatch(/ECONNREFUSED/);
    expect(connected.refused).toBeUndefined();
  });
});
