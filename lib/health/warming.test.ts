import { afterEach, describe, expect, it } from "vitest";
import { captureLog } from "@/test/log-lines";
import { checkReadiness } from "./readiness";
import { runWarmUp, skipWarmUp, warmingCheck, warmUpOn } from "./warming";

// The warm-up's state, as GET /api/ready reads it (lib/health/warming.ts): warming from its start until its work
// ended, whichever way, or its time ran out; never an error of its own. (Its work against a real server and database:
// lib/http/warm-up.int.test.ts.)

let log: ReturnType<typeof captureLog> | undefined;
afterEach(() => {
  log?.stop();
  log = undefined;
});

/** A promise to settle by hand. */
function deferred<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: Error) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe("the warming check", () => {
  // First: nothing in this file has started a warm-up yet.
  it("passes in a process that has no warm-up (tests, the CLI)", () => {
    expect(warmingCheck()).toEqual({ ok: true, detail: "no warm-up in this process" });
  });

  it("fails while the work runs, without touching the database, and passes once it is done", async () => {
    log = captureLog();
    const work = deferred<Record<string, unknown>>();
    const running = runWarmUp(() => work.promise);
    expect(warmingCheck(Date.now() + 1_234)).toEqual({ ok: false, detail: "warming up for 1.2 s" });
    // The probe stops at its first check: no pool, no statement (this unit test has no database).
    expect(await checkReadiness()).toEqual({
      ready: false,
      checks: [{ name: "warming", ok: false, detail: expect.stringMatching(/^warming up for /) }],
    });
    work.resolve({ connections_warmed: 8 });
    await running;
    expect(warmingCheck()).toEqual({ ok: true, detail: expect.stringMatching(/^done in \d+\.\d s$/) });
    expect(log.lines()).toEqual([
      expect.objectContaining({ level: "info", msg: "warm-up done", connections_warmed: 8, ms: expect.any(Number) }),
    ]);
  });

  it("passes after a failed warm-up: the error is logged, the start goes on", async () => {
    log = captureLog();
    await runWarmUp(async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
    });
    expect(warmingCheck()).toEqual({ ok: true, detail: expect.stringMatching(/^ended by an error after /) });
    expect(log.lines()).toEqual([
      expect.objectContaining({ level: "error", msg: "warm-up failed: ready without it", err: "connect ECONNREFUSED 127.0.0.1:5432" }),
    ]);
  });

  it("passes once its time ran out, the work told to stop", async () => {
    log = captureLog();
    let signal: AbortSignal | undefined;
    const started = Date.now();
    await runWarmUp(
      (given) => {
        signal = given;
        return new Promise(() => {}); // never ends
      },
      { timeoutMs: 100 },
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(signal?.aborted).toBe(true);
    expect(warmingCheck()).toEqual({ ok: true, detail: "not done within 0.1 s: ready without it" });
    expect(log.lines()).toEqual([
      expect.objectContaining({ level: "warn", msg: "warm-up: not done in time, ready without it", timeout_ms: 100 }),
    ]);
  });

  it("passes, saying why, when the warm-up is off", () => {
    skipWarmUp("off (WARM_UP=false)");
    expect(warmingCheck()).toEqual({ ok: true, detail: "off (WARM_UP=false)" });
  });
});

describe("WARM_UP", () => {
  it("unset: on in production only; set: as it says", () => {
    expect(warmUpOn({ WARM_UP: undefined, NODE_ENV: "production" })).toBe(true);
    expect(warmUpOn({ WARM_UP: undefined, NODE_ENV: "development" })).toBe(false);
    expect(warmUpOn({ WARM_UP: "false", NODE_ENV: "production" })).toBe(false);
    expect(warmUpOn({ WARM_UP: "true", NODE_ENV: "development" })).toBe(true);
  });
});
