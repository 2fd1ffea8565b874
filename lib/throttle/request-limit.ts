import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { RATE_LIMIT_STORE } from "./store";

// A plain request rate per key (docs/decisions/016-throttling.md), on the same PostgreSQL store as the lockouts
// (`rate_limits`), so every app process counts together. For doors that cost the server something whatever the
// answer, where failures alone are no measure: OAuth client registration and token requests.

export interface RequestLimitPolicy {
  /** The key prefix of this policy's rows. */
  name: string;
  requests: number;
  windowSeconds: number;
}

export class RequestLimit {
  private readonly limiter: RateLimiterPostgres;

  constructor(readonly policy: RequestLimitPolicy) {
    this.limiter = new RateLimiterPostgres({
      ...RATE_LIMIT_STORE,
      keyPrefix: policy.name,
      points: policy.requests,
      duration: policy.windowSeconds,
      inMemoryBlockOnConsumed: policy.requests + 1, // a flood over the limit costs no query until the window ends
      clearExpiredByTimeout: false, // the lockouts' limiter cleans the table
    });
  }

  /** Counts one request of `key`: 0 when it may go on, else how many ms until the window lets it. */
  async take(key: string): Promise<number> {
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, error.msBeforeNext);
      throw error;
    }
  }
}

const limits = new Map<string, RequestLimit>();

/** One limiter per policy per process. */
export function requestLimit(policy: RequestLimitPolicy): RequestLimit {
  let limit = limits.get(policy.name);
  if (!limit) limits.set(policy.name, (limit = new RequestLimit(policy)));
  return limit;
}
