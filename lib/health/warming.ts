import type { Env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-singleton";

// The app server's warm-up (docs/decisions/041-one-busy-bot.md, "Amendment"): instrumentation.ts starts it in the
// background when the server process starts, and GET /api/ready answers 503 `warming` until it has ended, done or not
// (lib/health/readiness.ts), so a balancer sends a process traffic only once its request path ran and its database
// connections are open and prepared. The work itself is the bot API's (lib/http/warm-up.ts); this module keeps its
// state for the process (instrumentation.ts and the routes are separate bundles: lib/process-singleton.ts), bounds it
// in time, and makes sure nothing it does can fail the start.

/** However far it got, the warm-up ends this long after it started, and the process may be ready. */
export const WARM_UP_TIMEOUT_MS = 10_000;

type WarmingState = { warming: true; since: number } | { warming: false; detail: string };

const state = processSlot<WarmingState>("__relayWarming");

/** Whether this server warms up: WARM_UP, and unset, only in production (`npm run dev` compiles routes on demand). */
export const warmUpOn = (config: Pick<Env, "WARM_UP" | "NODE_ENV">): boolean =>
  config.WARM_UP ? config.WARM_UP === "true" : config.NODE_ENV === "production";

/** GET /api/ready's `warming` check: ok once the warm-up ended (or when there is none). */
export function warmingCheck(now = Date.now()): { ok: boolean; detail: string } {
  const current = state.get();
  if (!current) return { ok: true, detail: "no warm-up in this process" };
  if (current.warming) return { ok: false, detail: `warming up for ${seconds(now - current.since)} s` };
  return { ok: true, detail: current.detail };
}

/** This process does not warm up (WARM_UP=false): the check says so and passes. */
export function skipWarmUp(why: string): void {
  state.set({ warming: false, detail: why });
}

/**
 * Runs `work` in the background, the process warming until it ends: done (its summary is logged), failed (logged as
 * an error) or still running after `timeoutMs` (logged as a warning; `signal` is aborted so it stops what it can).
 * Resolves when warming ended; never rejects.
 */
export function runWarmUp(
  work: (signal: AbortSignal) => Promise<Record<string, unknown>>,
  { timeoutMs = WARM_UP_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<void> {
  const since = Date.now();
  state.set({ warming: true, since });
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      stop.abort(new Error(`the warm-up did not end within ${timeoutMs} ms`));
      log().warn({ timeout_ms: timeoutMs }, "warm-up: not done in time, ready without it");
      resolve(`not done within ${seconds(timeoutMs)} s: ready without it`);
    }, timeoutMs);
    timer.unref(); // keeps no process alive
  });
  const done = Promise.resolve()
    .then(() => work(stop.signal))
    .then(
      (summary) => {
        const ms = Date.now() - since;
        log().info({ ...summary, ms }, "warm-up done");
        return `done in ${seconds(ms)} s`;
      },
      (error: unknown) => {
        log().error({ err: error instanceof Error ? error.message : String(error) }, "warm-up failed: ready without it");
        return `ended by an error after ${seconds(Date.now() - since)} s (see the server's log)`;
      },
    );
  return Promise.race([done, timedOut]).then((detail) => {
    clearTimeout(timer);
    state.set({ warming: false, detail });
  });
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
