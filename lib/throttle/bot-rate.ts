import { query, rowsOf, runWithoutWaitingForDisk, statement, type Statement } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";
import type { LimitState } from "@/lib/limits";
import { processSingleton } from "@/lib/process-singleton";

// Each bot's request rate (issue 31, docs/decisions/029-bot-request-rate.md): a token bucket per bot over every
// request it makes to the bot API, `rate` a second sustained and `burst` at once, both workspace settings. Counted in
// PostgreSQL (relay_take_token, GCRA: one timestamp per bot), so every app process draws from the one bucket; one
// statement per request, which also reads the workspace's limits for the RateLimit-Policy header. Over the rate: 429
// `deferred`, reason `rate_limit_second`, with Retry-After in whole seconds.
//
// What a process remembers: when the database refuses a bot, no token can come before the time it named (other
// processes only take tokens), so until then this process refuses the bot itself, without a query, before it reads
// the request. A flood costs the database one statement per refusal window, not one per request.
//
// Where the token is taken (lib/http/bot-route.ts): a request with an Idempotency-Key has a transaction, and its
// token statement rides ahead of it in the same message, committed on its own (`before` in lib/db/sql.ts): a send
// keeps its two round trips (docs/decisions/014). Any other request takes it in a transaction of its own, in one
// message. Neither commit waits for the disk (docs/decisions/041): a crash may forget a spent token, and waiting
// would hold the bot's token row, and so every other request of the bot, through each flush.

/** A limit as the RateLimit-Policy header states it (draft-ietf-httpapi-ratelimit-headers). */
export interface LimitPolicy {
  name: LimitState["name"];
  quota: number;
  windowSeconds: number;
}

export interface RateOutcome {
  allowed: boolean;
  /** Whole seconds to wait when refused (at least 1). */
  retryAfterSeconds: number;
  /** The request rate after this request. */
  state: LimitState;
  /** Every limit of the bot, for RateLimit-Policy: the request rate, its day, its conversation limit if set. */
  policies: LimitPolicy[];
  settings: BucketSettings;
}

export interface BucketSettings {
  ratePerSecond: number;
  burst: number;
}

export interface BucketOutcome {
  /** The request was let through. */
  allowed: boolean;
  /** How far the bucket's next theoretical arrival is ahead of now, in seconds. */
  debtSeconds: number;
}

/**
 * The request rate's state from the bucket's debt (how far its next theoretical arrival is ahead of now, in
 * seconds) after a request: allowed, what is left, when the next token comes. Pure: the SQL function keeps the
 * timestamp; the arithmetic is here, with its tests.
 */
export function bucketState(
  { ratePerSecond, burst }: BucketSettings,
  { allowed, debtSeconds }: BucketOutcome,
): { state: LimitState; retryAfterSeconds: number } {
  const interval = 1 / ratePerSecond;
  const depth = burst * interval;
  // The window the policy names: the burst's worth of sustained requests, whole seconds (the header has no fractions).
  const windowSeconds = Math.max(1, Math.ceil(depth - 1e-9));
  const eps = 1e-6;
  if (!allowed) {
    const wait = debtSeconds + interval - depth;
    const retryAfterSeconds = Math.max(1, Math.ceil(wait - eps));
    return {
      state: { name: "second", quota: burst, windowSeconds, remaining: 0, resetSeconds: retryAfterSeconds },
      retryAfterSeconds,
    };
  }
  const remaining = Math.max(0, Math.min(burst, Math.floor((depth - debtSeconds) / interval + eps)));
  // The next whole token: the debt falls by one interval per interval.
  const untilNext = debtSeconds <= eps ? null : debtSeconds % interval > eps ? debtSeconds % interval : interval;
  return {
    state: {
      name: "second",
      quota: burst,
      windowSeconds,
      remaining,
      resetSeconds: untilNext === null ? null : Math.max(1, Math.ceil(untilNext - eps)),
    },
    retryAfterSeconds: 0,
  };
}

const TAKE = query("throttle.takeBotToken", {
  text: `SELECT t.allowed, t.debt_ms, s.rate_per_second, s.rate_burst, s.daily_limit, s.conversation_limit,
          s.conversation_window_seconds
     FROM (SELECT COALESCE(w.rate_per_second, ${POLICY_DEFAULTS.ratePerSecond}) AS rate_per_second,
                  COALESCE(w.rate_burst, ${POLICY_DEFAULTS.rateBurst}) AS rate_burst,
                  COALESCE(w.daily_limit, ${POLICY_DEFAULTS.dailyLimit}) AS daily_limit,
                  w.conversation_limit,
                  COALESCE(w.conversation_window_seconds, ${POLICY_DEFAULTS.conversationWindowSeconds}) AS conversation_window_seconds
             FROM bots b LEFT JOIN workspace_settings w ON w.workspace_id = b.workspace_id
            WHERE b.id = $1) s
     CROSS JOIN LATERAL relay_take_token($1, s.rate_per_second, s.rate_burst) t`,
  notNull: ["allowed", "debt_ms", "rate_per_second", "rate_burst", "daily_limit", "conversation_window_seconds"],
});

interface Remembered {
  /** Epoch ms until which the database said no token comes. */
  until: number;
  settings: BucketSettings;
  policies: LimitPolicy[];
}

const blocks = processSingleton("__relayRateBlocks", () => new Map<string, Remembered>());
const MAX_BLOCKS = 10_000;

/** A refusal this process remembers for `botId` (the database's last word, still standing), or null. */
export function rememberedRefusal(botId: string): RateOutcome | null {
  const block = blocks.get(botId);
  if (!block) return null;
  const now = Date.now();
  if (block.until <= now) {
    blocks.delete(botId);
    return null;
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((block.until - now) / 1000));
  const { state } = bucketState(block.settings, { allowed: false, debtSeconds: 0 });
  return {
    allowed: false,
    retryAfterSeconds,
    state: { ...state, resetSeconds: retryAfterSeconds },
    policies: block.policies,
    settings: block.settings,
  };
}

/** The statement that takes one token for a request of `botId` (to travel with others: lib/db/sql.ts `before`). */
export const tokenStatement = (botId: string): Statement<"throttle.takeBotToken"> => statement(TAKE, [botId]);

/** What the token statement's rows say; a refusal is remembered until the next token is due. */
export function tokenOutcome(botId: string, rows: unknown[] | undefined): RateOutcome {
  const row = rowsOf(TAKE, rows)[0];
  if (!row) throw new Error(`request rate: bot ${botId} vanished`);
  const settings = { ratePerSecond: row.rate_per_second, burst: row.rate_burst };
  const { state, retryAfterSeconds } = bucketState(settings, { allowed: row.allowed, debtSeconds: row.debt_ms / 1000 });
  const policies: LimitPolicy[] = [
    { name: "second", quota: state.quota, windowSeconds: state.windowSeconds },
    { name: "day", quota: row.daily_limit, windowSeconds: 24 * 3600 },
  ];
  if (row.conversation_limit !== null)
    policies.push({ name: "conversation", quota: row.conversation_limit, windowSeconds: row.conversation_window_seconds });
  if (!row.allowed) {
    if (blocks.size >= MAX_BLOCKS) blocks.clear();
    const wait = row.debt_ms / 1000 + 1 / settings.ratePerSecond - settings.burst / settings.ratePerSecond;
    blocks.set(botId, { until: Date.now() + Math.max(0, wait) * 1000, settings, policies });
  }
  return { allowed: row.allowed, retryAfterSeconds, state, policies, settings };
}

/** Takes one token for a request of `botId` on its own: from memory while a refusal holds, else one statement. */
export async function takeBotToken(botId: string): Promise<RateOutcome> {
  return rememberedRefusal(botId) ?? tokenOutcome(botId, await runWithoutWaitingForDisk(tokenStatement(botId)));
}

/** The 429 of a request over its bot's rate. */
export function rateRefusal(outcome: RateOutcome): ApiError {
  const { ratePerSecond, burst } = outcome.settings;
  return new ApiError(
    "deferred",
    `Deferred: the bot is over its request rate (${ratePerSecond} a second, bursts of ${burst}); retry after ${outcome.retryAfterSeconds} s`,
    { reasons: ["rate_limit_second"], retryAfter: outcome.retryAfterSeconds, limits: [outcome.state] },
  );
}

/** Forgets what this process remembered (tests that change a workspace's rate between requests). */
export function forgetRateBlocks(): void {
  blocks.clear();
}
