import fc from "fast-check";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "@/lib/db/sql";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { systemActor } from "@/lib/people/actor";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { forgetRateBlocks } from "@/lib/throttle/bot-rate";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { api, idem } from "./client";

// Issue 31, finding 9: each bot's request rate, a token bucket over every request it makes (lib/throttle/bot-rate.ts,
// relay_take_token), and the IETF RateLimit header fields on every answer (lib/http/rate-limit-headers.ts). Before,
// a key could send as fast as the server answered (1,000 messages in 9.5 s), and no answer said how close a limit was.

let world: SeededWorld;
let bot: SeededWorld["bots"][number];
let conversation: string;

beforeEach(async () => {
  forgetRateBlocks();
  world = await seedWorld();
  bot = world.bots[0]!; // established: its sends go out (201)
  conversation = world.conversations.find((c) => c.bot_ids.includes(bot.id))!.id;
});

const me = (key = bot.api_key) => api("GET", "/me", { key });
const send = (body: string, idempotencyKey = idem()) =>
  api("POST", `/conversations/${conversation}/messages`, { key: bot.api_key, body: { body }, idempotencyKey });
const setRate = (ratePerSecond: number, rateBurst: number, more: Record<string, unknown> = {}) =>
  updatePolicySettings(systemActor, {
    workspaceId: world.workspace.id,
    changes: { ratePerSecond, rateBurst, ...more },
  });
const params = (header: string | null) =>
  Object.fromEntries([...(header ?? "").matchAll(/;([a-z]+)=(\d+)/g)].map((m) => [m[1]!, Number(m[2])]));

describe("the RateLimit header fields", () => {
  it("go on every answer to a bot: its policies, and the limit closest to running out", async () => {
    const first = await me();
    expect(first.status).toBe(200);
    const policy = `"second";q=${POLICY_DEFAULTS.rateBurst};w=${Math.ceil(POLICY_DEFAULTS.rateBurst / POLICY_DEFAULTS.ratePerSecond)}, "day";q=${POLICY_DEFAULTS.dailyLimit};w=86400`;
    expect(first.headers.get("ratelimit-policy")).toBe(policy);
    expect(first.headers.get("ratelimit")).toBe(`"second";r=${POLICY_DEFAULTS.rateBurst - 1};t=1`);

    // A list, a 404, a 422 and a 403: refusals carry them too, each request counted.
    const answers = [
      await api("GET", "/conversations", { key: bot.api_key }),
      await api("GET", "/conversations/00000000-0000-4000-8000-000000000000/messages", { key: bot.api_key }),
      await api("POST", `/conversations/${conversation}/messages`, { key: bot.api_key, body: { nope: 1 }, idempotencyKey: idem() }),
      await api("GET", `/conversations/${world.conversations.find((c) => !c.bot_ids.includes(bot.id))!.id}/messages`, { key: bot.api_key }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 422, 403]);
    for (const answer of answers) expect(answer.headers.get("ratelimit-policy")).toBe(policy);
    // Each took a token; one comes back every tenth of a second, so how many are left depends on the machine.
    for (const answer of answers) {
      expect(answer.headers.get("ratelimit")).toMatch(/^"second";r=\d+;t=1$/);
      expect(params(answer.headers.get("ratelimit")).r).toBeLessThanOrEqual(POLICY_DEFAULTS.rateBurst - 1);
    }
  });

  it("on a send report the day when it is closer to running out than the rate, and the conversation's limit when set", async () => {
    await setRate(1000, 1000, { dailyLimit: 2, conversationLimit: 50, conversationWindowSeconds: 3600 });
    const sent = [await send("one"), await send("two")];
    expect(sent.map((s) => s.status)).toEqual([201, 201]);
    expect(sent[0]!.headers.get("ratelimit-policy")).toBe(
      '"second";q=1000;w=1, "day";q=2;w=86400, "conversation";q=50;w=3600',
    );
    expect(sent.map((s) => s.headers.get("ratelimit"))).toEqual(['"day";r=1', '"day";r=0']);
    const deferred = await send("three");
    expect(deferred.status).toBe(429);
    expect(deferred.body.error).toMatchObject({ code: "deferred", reasons: ["rate_limit_day"] });
    const { r, t } = params(deferred.headers.get("ratelimit"));
    expect(deferred.headers.get("ratelimit")).toMatch(/^"day";/);
    expect(r).toBe(0);
    expect(t).toBe(Number(deferred.headers.get("retry-after")));
    // A read counts against the rate only: that is what it reports.
    expect((await me()).headers.get("ratelimit")).toMatch(/^"second";r=99\d;t=1$/);
  });
});

describe("429 deferred, rate_limit_second", () => {
  it("refuses a request once the bucket is empty, with Retry-After in whole seconds, and lets one through a token later", async () => {
    await setRate(1, 3);
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await me());
    const seconds = (Date.now() - started) / 1000;
    const allowed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    // Three at once, and one more for each second the five took.
    expect(allowed.length).toBeGreaterThanOrEqual(3);
    expect(allowed.length).toBeLessThanOrEqual(3 + Math.floor(seconds));
    expect(refused.length).toBe(5 - allowed.length);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body.error).toMatchObject({ code: "deferred", reasons: ["rate_limit_second"], retry_after: 1 });
      expect(answer.body.error.message).toBe(
        "Deferred: the bot is over its request rate (1 a second, bursts of 3); retry after 1 s",
      );
      expect(answer.headers.get("retry-after")).toBe("1");
      expect(answer.headers.get("ratelimit")).toBe('"second";r=0;t=1');
      expect(answer.headers.get("ratelimit-policy")).toMatch(/^"second";q=3;w=3, "day";/);
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await me()).status).toBe(200);
  });

  it("leaves a refused send's Idempotency-Key free, so the same key sends once the rate allows", async () => {
    await setRate(1, 1);
    expect((await me()).status).toBe(200); // the one token
    const key = idem();
    const refused = await send("later, please", key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.reasons).toEqual(["rate_limit_second"]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sent = await send("later, please", key);
    expect(sent.status).toBe(201);
    expect(sent.headers.get("idempotent-replayed")).toBeNull();
  });

  it("refuses a stopped bot's requests from the same bucket (its 403s are counted and carry the headers)", async () => {
    await setRate(1, 2);
    await setBotStatus(systemActor, { botId: bot.id, status: "stopped", reason: "rate test" });
    const stopped = await api("GET", "/conversations", { key: bot.api_key });
    expect(stopped.status).toBe(403);
    expect(stopped.headers.get("ratelimit")).toMatch(/^"second";r=1/);
    expect((await me()).status).toBe(200); // GET /me serves a stopped bot: the second token
    expect((await me()).status).toBe(429);
  });

  it("is counted across processes: a second server's requests draw from the same bucket", async () => {
    await setRate(1, 10);
    // Another app process: its own pool, its own connection, the same function.
    const other = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    try {
      const takes = await Promise.all(
        Array.from({ length: 8 }, () =>
          other.query<{ allowed: boolean }>("SELECT allowed FROM relay_take_token($1, 1, 10)", [bot.id]),
        ),
      );
      expect(takes.filter((t) => t.rows[0]!.allowed)).toHaveLength(8);
      const here = await Promise.all(Array.from({ length: 6 }, () => me()));
      // Ten tokens in all, plus at most what one second (or two, on a slow machine) refills.
      const passed = here.filter((a) => a.status === 200).length;
      expect(passed).toBeGreaterThanOrEqual(2);
      expect(passed).toBeLessThanOrEqual(4);
    } finally {
      await other.end();
    }
  });

  it("lets 40 requests at once through no faster than the bucket allows", async () => {
    await setRate(5, 10);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => me()));
    const seconds = (Date.now() - started) / 1000;
    const passed = answers.filter((a) => a.status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(10);
    expect(passed).toBeLessThanOrEqual(10 + Math.ceil(seconds * 5) + 1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 429)).toBe(true);
  });

  it("is each bot's own: an exhausted bucket leaves its workspace's other bots and other workspaces' bots alone", async () => {
    await setRate(1, 1);
    const other = await seedWorld();
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(429);
    expect((await me(world.bots[1]!.api_key)).status).toBe(200); // same workspace, same settings, its own bucket
    expect((await me(other.bots[0]!.api_key)).status).toBe(200); // another workspace, the default rate
    expect((await me(other.bots[0]!.api_key)).headers.get("ratelimit-policy")).toMatch(
      new RegExp(`^"second";q=${POLICY_DEFAULTS.rateBurst};`),
    );
  });

  it("does not count requests without a valid key (the credential throttle counts those)", async () => {
    await setRate(1, 1);
    for (let i = 0; i < 3; i++) expect((await me("amk_not_a_key")).status).toBe(401);
    const unknown = await me("amk_not_a_key");
    expect(unknown.headers.get("ratelimit")).toBeNull();
    expect((await me()).status).toBe(200);
  });
});

describe("relay_take_token, the bucket in SQL", () => {
  /** The reference: tokens refilled continuously at `rate`, capped at `burst`; one a request. */
  function model(rate: number, burst: number, steps: number[]) {
    let tokens = burst;
    return steps.map((dt) => {
      tokens = Math.min(burst, tokens + dt * rate);
      const boundary = Math.abs(tokens - 1) < 1e-2;
      const allowed = tokens >= 1;
      if (allowed) tokens -= 1;
      return { allowed, boundary };
    });
  }

  it("lets through exactly what a token bucket does, at any rate and burst, for any spacing of requests", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000 }).map((ms) => ms / 1000)), {
          minLength: 1,
          maxLength: 40,
        }),
        async (rate, burst, steps) => {
          // A bucket of its own (a bot of its own: the row references bots), at times the test chooses.
          const botId = world.bots[++n % world.bots.length]!.id;
          await sql().unchecked("DELETE FROM bot_rate_buckets WHERE bot_id = $1", [botId]);
          let at = Date.parse("2031-01-01T00:00:00Z");
          const expected = model(rate, burst, steps);
          for (const [i, dt] of steps.entries()) {
            at += dt * 1000;
            const [row] = await sql().unchecked<{ allowed: boolean }>(
              "SELECT allowed FROM relay_take_token($1, $2, $3, $4)",
              [botId, rate, burst, new Date(at)],
            );
            // At exactly one token, microsecond rounding decides, and the two part ways: stop comparing there.
            if (expected[i]!.boundary) break;
            expect(row!.allowed, `request ${i}`).toBe(expected[i]!.allowed);
          }
        },
      ),
      { numRuns: 60, seed: 2031 },
    );
  });
});
