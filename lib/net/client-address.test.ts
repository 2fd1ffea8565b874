import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey, clientAddress, EDGE_MARK_HEADER, trustedClientAddress, UNKNOWN_ADDRESS } from "./client-address";
import { trustProxy } from "@/lib/http/trust-proxy";

// The client-address rule (TRUST_PROXY_HOPS) and the edge that applies it to every request a Node server receives.

describe("trustedClientAddress", () => {
  const chain = "203.0.113.9, 198.51.100.1, 10.0.0.2";

  it("with 0 hops is the connection's peer, whatever the client wrote", () => {
    expect(trustedClientAddress({ forwardedFor: chain, socketAddress: "10.0.0.3", hops: 0 })).toBe("10.0.0.3");
    expect(trustedClientAddress({ socketAddress: "::ffff:127.0.0.1", hops: 0 })).toBe("::ffff:127.0.0.1");
  });

  it("with 1 hop is the address our proxy appended (the last of the chain)", () => {
    expect(trustedClientAddress({ forwardedFor: chain, socketAddress: "10.0.0.3", hops: 1 })).toBe("10.0.0.2");
  });

  it("with 2 hops is the address the first of our two proxies saw", () => {
    expect(trustedClientAddress({ forwardedFor: chain, socketAddress: "10.0.0.3", hops: 2 })).toBe("198.51.100.1");
    expect(
      trustedClientAddress({
        forwardedFor: ["203.0.113.9, 198.51.100.1", "10.0.0.2"],
        socketAddress: "10.0.0.3",
        hops: 2,
      }),
    ).toBe("198.51.100.1");
  });

  it("falls back to the leftmost address when the chain is shorter than the hops (a proxy was bypassed)", () => {
    expect(trustedClientAddress({ forwardedFor: "10.0.0.2", socketAddress: "10.0.0.3", hops: 2 })).toBe("10.0.0.2");
    expect(trustedClientAddress({ socketAddress: "10.0.0.3", hops: 1 })).toBe("10.0.0.3");
    expect(trustedClientAddress({ forwardedFor: " , ", socketAddress: "10.0.0.3", hops: 3 })).toBe("10.0.0.3");
  });
});

describe("clientAddress and addressKey", () => {
  it("normalizes what the edge wrote, and calls anything else unknown", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
    expect(clientAddress({ "x-forwarded-for": "2001:DB8:0:0:0:0:0:1" })).toBe("2001:db8::1");
    expect(clientAddress({ "x-forwarded-for": "fe80::1%eth0" })).toBe("fe80::1");
    expect(clientAddress({})).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress({ "x-forwarded-for": "not-an-address" })).toBe(UNKNOWN_ADDRESS);
  });

  it("counts IPv4 by address and IPv6 by its /64", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::99")).toBe("2001:db8:1:2::/64");
    expect(addressKey(UNKNOWN_ADDRESS)).toBe(UNKNOWN_ADDRESS);
  });
});

describe("the edge (trustProxy on Node's http.server.request.start)", () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(clientAddress(req.headers));
      res.end(JSON.stringify({ xff: req.headers["x-forwarded-for"] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (headers: Record<string, string>) =>
    new Promise<{ xff: string }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/", headers }, (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve(JSON.parse(text)));
        })
        .on("error", reject);
    });

  it("counts a request that came before the edge as unknown, never as the address it claims", async () => {
    // No edge yet in this process: the header is taken as given (in-process callers, tests).
    expect((await get({ "x-forwarded-for": "6.6.6.6" })).xff).toBe("6.6.6.6");
    expect(seen.pop()).toBe("6.6.6.6");
    trustProxy(0);
    // The edge exists now: a request that did not pass it (no mark, or a forged one) is unknown.
    expect(clientAddress({ "x-forwarded-for": "6.6.6.6" })).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress({ "x-forwarded-for": "6.6.6.6", [EDGE_MARK_HEADER]: "forged" })).toBe(UNKNOWN_ADDRESS);
  });

  it("replaces a spoofed X-Forwarded-For with the peer's address (0 hops)", async () => {
    trustProxy(0);
    expect((await get({ "x-forwarded-for": "6.6.6.6" })).xff).toBe("127.0.0.1");
    expect((await get({ "x-forwarded-for": "6.6.6.6", [EDGE_MARK_HEADER]: "forged" })).xff).toBe("127.0.0.1");
    expect(seen.splice(0)).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("trusts as many proxies as configured (1 and 2 hops)", async () => {
    trustProxy(1);
    expect((await get({ "x-forwarded-for": "6.6.6.6, 203.0.113.5" })).xff).toBe("203.0.113.5");
    trustProxy(2);
    expect((await get({ "x-forwarded-for": "6.6.6.6, 203.0.113.5" })).xff).toBe("6.6.6.6");
    expect((await get({})).xff).toBe("127.0.0.1");
    expect(seen.splice(0)).toEqual(["203.0.113.5", "6.6.6.6", "127.0.0.1"]);
    trustProxy(0);
  });
});
