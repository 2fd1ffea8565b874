import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { processSingleton } from "@/lib/process-singleton";
import { RATE_LIMIT_STORE } from "./store";

// Failure counting and lockouts on rate-limiter-flexible's PostgreSQL store (docs/decisions/016-throttling.md). Every
// count and every lockout lives in the `rate_limits` table, so all app processes share them; what a process keeps in
// memory (the library's in-memory block, and lockouts it read from the store) only spares the database a query
// about a lockout the database already decided, until that lockout ends.

export interface LockoutPolicy {
  /** The key prefix of this policy's rows. */
  name: string;
  /** Failures allowed within the window: the one that reaches this number starts a lockout. */
  failures: number;
  windowSeconds: number;
  /** The first lockout; each repeated one lasts twice the one before, up to `maxLockSeconds`. */
  lockSeconds: number;
  maxLockSeconds: number;
  /** A lockout starting within this time after the previous one ended counts as a repeat. */
  repeatWithinSeconds: number;
}

export interface Taken {
  /** Failures counted in the window, this one included. */
  count: number;
  /** > 0: the key is locked for this long (nothing was counted that matters). */
  lockedMs: number;
}

const MEMO_MAX_ENTRIES = 10_000;

/** The library's in-memory block (`inMemoryBlockOnConsumed`), public at runtime but missing from its types. */
type WithMemory = RateLimiterPostgres & { getInMemoryBlockMsBeforeExpire(rlKey: string): number };

export class Lockout {
  private readonly failures: WithMemory;
  private readonly repeats: RateLimiterPostgres;
  /** Lockouts this process read from the store (key -> end, epoch ms). */
  private readonly memo = new Map<string, number>();

  constructor(readonly policy: LockoutPolicy) {
    const common = RATE_LIMIT_STORE;
    this.failures = new RateLimiterPostgres({
      ...common,
      keyPrefix: policy.name,
      points: policy.failures,
      duration: policy.windowSeconds,
      // Once a key is over its limit, this process refuses it from memory until the store's lockout ends (without
      // inMemoryBlockDuration the library keeps it exactly that long): a flood from a locked key costs no query.
      inMemoryBlockOnConsumed: policy.failures + 1,
    }) as WithMemory;
    this.repeats = new RateLimiterPostgres({
      ...common,
      keyPrefix: `${policy.name}_lockouts`,
      points: 1_000_000,
      duration: policy.repeatWithinSeconds,
      clearExpiredByTimeout: false, // the failures limiter's clean-up covers the whole table
    });
  }

  /** How long `key` is still locked, from this process's memory alone (0: not known to be locked). */
  lockedInMemory(key: string): number {
    const inMemory = this.failures.getInMemoryBlockMsBeforeExpire(this.failures.getKey(key));
    if (inMemory > 0) return inMemory;
    const until = this.memo.get(key);
    if (until === undefined) return 0;
    if (until > Date.now()) return until - Date.now();
    this.memo.delete(key);
    return 0;
  }

  /** How long `key` is still locked (0: not locked): memory first, then the store (a read, never a write). */
  async lockedFor(key: string): Promise<number> {
    const known = this.lockedInMemory(key);
    if (known > 0) return known;
    const state = await this.failures.get(key);
    if (!state || state.consumedPoints <= this.policy.failures || state.msBeforeNext <= 0) return 0;
    this.remember(key, state.msBeforeNext);
    return state.msBeforeNext;
  }

  /** Counts one failure (or one attempt, to be refunded if it succeeds); refused at once while `key` is locked. */
  async take(key: string): Promise<Taken> {
    try {
      const result = await this.failures.consume(key, 1);
      return { count: result.consumedPoints, lockedMs: 0 };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      // Over the limit: locked (or, for a moment, racing the lockout being written) until the row expires.
      return { count: error.consumedPoints, lockedMs: Math.max(error.msBeforeNext, 1) };
    }
  }

  /** True when the count `take` returned is the one that must start a lockout (exactly one caller sees it). */
  reachesLimit(taken: Taken): boolean {
    return taken.lockedMs === 0 && taken.count === this.policy.failures;
  }

  /** Starts a lockout: twice as long as the previous one if that ended recently, within the policy's maximum. */
  async lock(key: string): Promise<{ seconds: number; lockout: number }> {
    const previous = (await this.repeats.get(key))?.consumedPoints ?? 0;
    const seconds = Math.min(this.policy.lockSeconds * 2 ** previous, this.policy.maxLockSeconds);
    await this.failures.block(key, seconds);
    await this.repeats.set(key, previous + 1, seconds + this.policy.repeatWithinSeconds);
    this.remember(key, seconds * 1000);
    return { seconds, lockout: previous + 1 };
  }

  /** Forgets the key's failures and past lockouts (a success proves the caller). */
  async clear(key: string): Promise<void> {
    this.memo.delete(key);
    await Promise.all([this.failures.delete(key), this.repeats.delete(key)]);
  }

  /** Gives back one attempt counted by `take` that turned out not to be a failure. */
  async refund(key: string): Promise<void> {
    await this.failures.reward(key, 1);
  }

  private remember(key: string, ms: number) {
    if (this.memo.size >= MEMO_MAX_ENTRIES) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, Date.now() + ms);
  }
}

/** One Lockout per policy name per process (shared by every bundle Next builds, like the database pool). */
export function lockout(policy: LockoutPolicy): Lockout {
  const all = processSingleton("__relayLockouts", () => new Map<string, Lockout>());
  let found = all.get(policy.name);
  if (!found) {
    found = new Lockout(policy);
    all.set(policy.name, found);
  }
  return found;
}
