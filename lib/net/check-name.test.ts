import dns from "node:dns";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkName } from "./check-name";

// The save-time look at a name (lib/webhooks/validate-webhook-url.ts): bounded in time, and never an error.

afterEach(() => vi.restoreAllMocks());

describe("checkName", () => {
  it("judges what the name resolves to by the address rule", async () => {
    expect(await checkName("localhost", { allowLoopback: false })).toMatchObject({
      outcome: "refused",
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
      reason: expect.stringMatching(/loopback address/),
    });
    expect(await checkName("localhost", { allowLoopback: true })).toMatchObject({
      outcome: "allowed",
      addresses: expect.any(Array),
    });
  });

  it("a name that does not resolve is unresolved, with the resolver's code", async () => {
    expect(await checkName("no-such-host.invalid", { allowLoopback: false })).toEqual({
      outcome: "unresolved",
      why: expect.stringMatching(/^(ENOTFOUND|EAI_AGAIN)$/),
    });
  });

  it("a resolver that does not answer is given up on at the time limit", async () => {
    vi.spyOn(dns.promises, "lookup").mockReturnValue(new Promise(() => {}));
    const started = performance.now();
    expect(await checkName("slow.example", { allowLoopback: false, timeoutMs: 50 })).toEqual({
      outcome: "unresolved",
      why: "no answer within 0.05 s",
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
