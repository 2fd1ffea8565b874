// The numbers of the API's contract (docs/api-contract.md#limits), each written once. The code that enforces them,
// the OpenAPI document, the chat's forms, the MCP tools and the tests import them from here; docs/api-contract.md
// states them in words, and test/contract-limits.test.ts fails when its table and these disagree. No imports: client
// components and the proxy may use this file too.

/** Largest JSON request body the API reads, in bytes; a larger one is 413 `payload_too_large` before it is parsed. */
export const MAX_BODY_BYTES = 256 * 1024;

/** Longest message text, in characters (a bot's send, a draft, an approval's edit, a person's message). */
export const MESSAGE_BODY_MAX = 4000;

/** Longest `Idempotency-Key`, in characters. */
export const IDEMPOTENCY_KEY_MAX = 64;

/** Hours a request's stored result answers a replay of its Idempotency-Key; after that the key is free again. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/** A page's size when the request gives no `limit`. */
export const PAGE_LIMIT_DEFAULT = 50;

/** The largest `limit` a list accepts; a larger one is refused (422), never clamped. */
export const PAGE_LIMIT_MAX = 200;

/** Days a draft or a held message waits for a person before it expires. */
export const DRAFT_LIFETIME_DAYS = 7;

/** Longest answer to a form card's `text` input, and the largest `max_length` a bot may give one. */
export const TEXT_INPUT_MAX = 4000;

/**
 * One of a bot's limits as it stands after a request: the numbers the RateLimit header reports
 * (lib/http/rate-limit-headers.ts). `name` is its reason code without `rate_limit_`. Here rather than with the policy,
 * since an ApiError carries the limits a refusal left (lib/errors.ts, which imports nothing above it).
 */
export interface LimitState {
  name: "second" | "day" | "conversation";
  /** The requests (messages) the limit allows in `windowSeconds`. */
  quota: number;
  windowSeconds: number;
  remaining: number;
  /** Whole seconds until more of the quota is free; null when nothing is used or when it is not known. */
  resetSeconds: number | null;
}
