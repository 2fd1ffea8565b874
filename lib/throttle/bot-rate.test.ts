import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bucketState } from "./bot-rate";

// The request rate's arithmetic (lib/throttle/bot-rate.ts) over the bucket's debt, against a plain token bucket: a
// bucket of `burst` tokens, refilled at `rate` a second, one token a request. The SQL function keeps the debt
// (relay_take_token, tested against the same model in bot-rate.int.test.ts).

/** GCRA's step, as relay_take_token does it: the debt after a request at `dt` seconds after the last one. */
function gcra(settings: { ratePerSecond: number; burst: number }, debt: number, dt: number) {
  const interval = 1 / settings.ratePerSecond;
  const before = Math.max(0, debt - dt);
  const after = before + interval;
  const allowed = after <= settings.burst * interval + 1e-9;
  return { allowed, debt: allowed ? after : before };
}

/** The reference: tokens, refilled continuously, capped at the burst. `boundary`: float rounding may decide. */
function tokenBucket(settings: { ratePerSecond: number; burst: number }, tokens: number, dt: number) {
  const refilled = Math.min(settings.burst, tokens + dt * settings.ratePerSecond);
  const allowed = refilled >= 1;
  return { allowed, refilled, boundary: Math.abs(refilled - 1) < 1e-6 };
}

describe("the request rate's bucket", () => {
  const defaults = { ratePerSecond: 10, burst: 30 };

  it("lets a full bucket's burst through at once, then one request per interval", () => {
    let debt = 0;
    const answers = [];
    for (let i = 0; i < 31; i++) {
      const step = gcra(defaults, debt, 0);
      debt = step.debt;
      answers.push(bucketState(defaults, { allowed: step.allowed, debtSeconds: debt }));
    }
    expect(answers.slice(0, 30).map((a) => a.state.remaining)).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    expect(answers[30]!.state.remaining).toBe(0);
    expect(answers[30]!.retryAfterSeconds).toBe(1); // a token in 0.1 s: whole seconds, at least 1
    expect(answers[0]!.state).toEqual({ name: "second", quota: 30, windowSeconds: 3, remaining: 29, resetSeconds: 1 });
  });

  it("says when a token comes back and what a refused request waits, in whole seconds", () => {
    const slow = { ratePerSecond: 1, burst: 5 };
    // Five taken at once: the debt is 5 s; the next token in 1 s.
    expect(bucketState(slow, { allowed: true, debtSeconds: 5 })).toMatchObject({
      state: { remaining: 0, resetSeconds: 1 },
    });
    // Refused with the bucket at 5 s of debt: the next request may go once the debt is 4 s, in 1 s.
    expect(bucketState(slow, { allowed: false, debtSeconds: 5 }).retryAfterSeconds).toBe(1);
    // 2.5 s of debt: 2 left, the next token in 0.5 s (reported as 1).
    expect(bucketState(slow, { allowed: true, debtSeconds: 2.5 })).toMatchObject({
      state: { remaining: 2, resetSeconds: 1 },
    });
    // A full bucket (no debt): nothing to wait for.
    expect(bucketState(slow, { allowed: true, debtSeconds: 0 })).toMatchObject({
      state: { remaining: 5, resetSeconds: null },
    });
  });

  it("names a window that never overstates the rate: the burst's worth of seconds, rounded up", () => {
    expect(bucketState({ ratePerSecond: 20, burst: 50 }, { allowed: true, debtSeconds: 0 }).state).toMatchObject({
      quota: 50,
      windowSeconds: 3,
    });
    expect(bucketState({ ratePerSecond: 100, burst: 10 }, { allowed: true, debtSeconds: 0 }).state).toMatchObject({
      quota: 10,
      windowSeconds: 1,
    });
    expect(bucketState({ ratePerSecond: 1, burst: 1 }, { allowed: true, debtSeconds: 0 }).state).toMatchObject({
      quota: 1,
      windowSeconds: 1,
    });
  });

  it("lets through exactly what a token bucket lets through, and reports its tokens, for any requests", () => {
    const settings = fc.record({
      ratePerSecond: fc.integer({ min: 1, max: 1000 }),
      burst: fc.integer({ min: 1, max: 200 }),
    });
    const gaps = fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 3, noNaN: true })), { maxLength: 300 });
    fc.assert(
      fc.property(settings, gaps, (s, dts) => {
        let debt = 0;
        let tokens = s.burst;
        for (const dt of dts) {
          const step = gcra(s, debt, dt);
          const model = tokenBucket(s, tokens, dt);
          // Exactly one token refilled: either answer is right up to float rounding; the model follows the bucket.
          if (!model.boundary) expect(step.allowed).toBe(model.allowed);
          debt = step.debt;
          tokens = step.allowed ? model.refilled - 1 : model.refilled;
          const { state, retryAfterSeconds } = bucketState(s, { allowed: step.allowed, debtSeconds: debt });
          if (step.allowed) {
            expect(state.remaining).toBe(Math.floor(tokens + 1e-6));
            expect(retryAfterSeconds).toBe(0);
          } else {
            expect(state.remaining).toBe(0);
            // The model: one token needs (1 - tokens) / rate seconds.
            expect(retryAfterSeconds).toBe(Math.max(1, Math.ceil((1 - tokens) / s.ratePerSecond - 1e-6)));
          }
        }
        return true;
      }),
      { numRuns: 300, seed: 31 },
    );
  });
});
