import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { issueApiKey } from "@/lib/bots/issue-api-key";
import { db } from "@/lib/db/client";
import { generateApiKey } from "@/lib/keys/api-key";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { createPersonalToken } from "@/lib/tokens/create-token";
import { personalTokenFormat } from "@/lib/tokens/personal-token";
import { api } from "./client";

// Failed API keys and personal access tokens, per client address, through the real route handlers: 50 failures in
// 10 minutes lock the address for 10 minutes (doubling on repeat); a locked address is refused with 429
// `too_many_attempts` before any lookup, except for a key this process has already proven (the bot's hot path).
// The limiter compares times in JavaScript, so a fake Date moves its clock.

let world: SeededWorld;
let token: string;
const MINUTE = 60_000;

beforeAll(async () => {
  world = await seedWorld();
  token = (
    await createPersonalToken(person(world.people[0]!.id, "web"), { workspaceId: world.workspace.id, name: "throttle" })
  ).token;
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T10:00:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
const from = (address: string) => ({ "x-forwarded-for": address });
const unknownKey = () => generateApiKey().key;
/** A valid key no request has used yet: not in this process's cache. */
const freshKey = async () => (await issueApiKey(person(world.people[0]!.id, "web"), { botId: world.bots[0]!.id })).key;
const me = (key: string | null, address: string, headers: Record<string, string> = {}) =>
  api("GET", "/me", { key, headers: { ...from(address), ...headers } });

async function badKeys(times: number, address: string) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await me(unknownKey(), address)).status);
  return statuses;
}

function mcp(bearer: string | null, address: string) {
  const headers: Record<string, string> = {
    ...from(address),
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const body = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
  return mcpRoute.POST(
    new Request("http://relay.test/api/mcp", { method: "POST", headers, body: JSON.stringify(body) }),
    undefined,
  );
}

describe("API keys", () => {
  it("answers 429 too_many_attempts with Retry-After after 50 bad keys, even to a valid key not yet proven here", async () => {
    const address = "198.51.100.20";
    expect(await badKeys(50, address)).toEqual(Array(50).fill(401));
    const refused = await me(await freshKey(), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(refused.body.error).toMatchObject({ code: "too_many_attempts", retry_after: 600 });
    expect(refused.body.error.request_id).toBe(refused.headers.get("x-request-id"));
    expect((await me(unknownKey(), address)).status).toBe(429);
  });

  it("still serves a key this process has cached, from the locked address too", async () => {
    const address = "198.51.100.21";
    const key = world.bots[0]!.api_key;
    expect((await me(key, address)).status).toBe(200);
    await badKeys(50, address);
    expect((await me(unknownKey(), address)).status).toBe(429);
    expect((await me(key, address)).status).toBe(200);
  });

  it("serves a valid key from another address", async () => {
    await badKeys(50, "198.51.100.22");
    const key = await freshKey();
    expect((await me(key, "198.51.100.22")).status).toBe(429);
    expect((await me(key, "203.0.113.22")).status).toBe(200);
  });

  it("lifts the lock after its time, and doubles it on repeat", async () => {
    const address = "198.51.100.23";
    await badKeys(50, address);
    later(9 * MINUTE);
    expect((await me(unknownKey(), address)).headers.get("retry-after")).toBe("60");
    later(MINUTE + 1000);
    expect((await me(await freshKey(), address)).status).toBe(200);
    expect(await badKeys(50, address)).toEqual(Array(50).fill(401));
    expect((await me(await freshKey(), address)).headers.get("retry-after")).toBe("1200");
  });

  it("counts malformed keys, but not a request without a key", async () => {
    const address = "198.51.100.24";
    for (let i = 0; i < 60; i++) expect((await me(null, address)).status).toBe(401);
    for (let i = 0; i < 60; i++) {
      expect((await api("GET", "/me", { headers: { ...from(address), authorization: `Basic abc${i}` } })).status).toBe(
        401,
      );
    }
    expect((await me(await freshKey(), address)).status).toBe(200);
    for (let i = 0; i < 50; i++) expect((await me(`amk_malformed${i}`, address)).status).toBe(401);
    expect((await me(`amk_malformed`, address)).status).toBe(429);
  });

  it("records the lockout as a security event", async () => {
    await badKeys(50, "198.51.100.25");
    const events = await db().securityEvent.findMany({ where: { address: "198.51.100.25" } });
    expect(events).toEqual([
      expect.objectContaining({
        kind: "credentials_locked",
        userId: null,
        email: null,
        data: { failures: 50, window_seconds: 600, locked_seconds: 600, lockout: 1, last_credential: "api_key" },
      }),
    ]);
  });
});

describe("personal access tokens (MCP)", () => {
  it("answers HTTP 429 with a JSON-RPC error and Retry-After after 50 bad tokens, even to a valid token", async () => {
    const address = "198.51.100.30";
    expect((await mcp(token, address)).status).toBe(200);
    for (let i = 0; i < 50; i++) expect((await mcp(personalTokenFormat.generate().key, address)).status).toBe(401);
    const refused = await mcp(token, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("600");
    expect(await refused.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { code: -32029, data: { code: "too_many_attempts", retry_after: 600 } },
      id: null,
    });
    expect((await mcp(token, "203.0.113.30")).status).toBe(200);
    later(10 * MINUTE + 1000);
    expect((await mcp(token, address)).status).toBe(200);
  });

  it("does not count a request without a token", async () => {
    const address = "198.51.100.31";
    for (let i = 0; i < 60; i++) expect((await mcp(null, address)).status).toBe(401);
    expect((await mcp(token, address)).status).toBe(200);
  });

  it("shares the count with API keys: a guess is a guess", async () => {
    const address = "198.51.100.32";
    await badKeys(25, address);
    for (let i = 0; i < 25; i++) await mcp("rpt_not-a-token", address);
    expect((await mcp(token, address)).status).toBe(429);
    expect((await me(await freshKey(), address)).status).toBe(429);
  });
});
