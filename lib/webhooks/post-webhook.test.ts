import { afterEach, describe, expect, it } from "vitest";
import { postWebhook, refusedAddress } from "./post-webhook";

// SSRF: deliveries to private, link-local (metadata) and reserved addresses are refused, judged by the address
// the name resolves to; loopback only when ALLOW_LOOPBACK_WEBHOOKS=true; https only otherwise.

const saved = process.env.ALLOW_LOOPBACK_WEBHOOKS;
afterEach(() => {
  if (saved === undefined) delete process.env.ALLOW_LOOPBACK_WEBHOOKS;
  else process.env.ALLOW_LOOPBACK_WEBHOOKS = saved;
});

describe("refusedAddress", () => {
  it.each([
    ["10.1.2.3", "a private or reserved address"],
    ["172.20.0.1", "a private or reserved address"],
    ["192.168.1.10", "a private or reserved address"],
    ["100.64.0.1", "a private or reserved address"],
    ["0.0.0.0", "a private or reserved address"],
    ["169.254.169.254", "a link-local (metadata) address"],
    ["fd00::1", "a private or reserved address"],
    ["fe80::1", "a private or reserved address"],
    ["::", "a private or reserved address"],
    ["::ffff:10.0.0.1", "a private or reserved address"],
    ["::ffff:169.254.169.254", "a link-local (metadata) address"],
    ["127.0.0.1", "a loopback address"],
    ["::1", "a loopback address"],
  ])("%s is %s", (address, reason) => {
    expect(refusedAddress(address, false)).toBe(reason);
  });

  it("allows public addresses, and loopback only when allowed", () => {
    expect(refusedAddress("93.184.216.34", false)).toBeNull();
    expect(refusedAddress("2606:2800:220:1::1", false)).toBeNull();
    expect(refusedAddress("127.0.0.1", true)).toBeNull();
    expect(refusedAddress("::1", true)).toBeNull();
    expect(refusedAddress("10.0.0.1", true)).toBe("a private or reserved address");
  });
});

describe("postWebhook refuses before connecting", () => {
  const post = (url: string) => postWebhook(url, { "Content-Type": "application/json" }, "{}", 2000);

  it("private and metadata IP literals", async () => {
    expect((await post("https://10.0.0.5/hook")).error).toBe("refused: 10.0.0.5 is a private or reserved address");
    expect((await post("https://169.254.169.254/latest/meta-data")).error).toBe("refused: 169.254.169.254 is a link-local (metadata) address");
    expect((await post("https://[fd12::1]/hook")).error).toBe("refused: fd12::1 is a private or reserved address");
  });

  it("a name that resolves to a forbidden address (checked after resolution, not by the name)", async () => {
    process.env.ALLOW_LOOPBACK_WEBHOOKS = "false";
    const result = await post("https://localhost:9/hook");
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
  });

  it("http except to loopback with ALLOW_LOOPBACK_WEBHOOKS=true; URLs that are not URLs", async () => {
    process.env.ALLOW_LOOPBACK_WEBHOOKS = "false";
    expect((await post("http://127.0.0.1:9/hook")).error).toMatch(/^refused: webhook URLs must use https/);
    process.env.ALLOW_LOOPBACK_WEBHOOKS = "true";
    expect((await post("http://example.com/hook")).error).toMatch(/^refused: webhook URLs must use https/);
    expect((await post("ftp://example.com/hook")).error).toMatch(/^refused: webhook URLs must use https/);
    expect((await post("not a url")).error).toBe("refused: not a valid URL");
    // Allowed: it gets as far as connecting (nothing listens on port 9).
    expect((await post("http://127.0.0.1:9/hook")).error).toMatch(/ECONNREFUSED/);
  });
});
