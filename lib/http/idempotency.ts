import { createHash } from "node:crypto";
import { query, rowsOf, statement, type Statement } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { IDEMPOTENCY_RETENTION_HOURS } from "@/lib/limits";

// Idempotency (docs/api-contract.md#idempotency, docs/decisions/004): scope bot + key, kept
// IDEMPOTENCY_RETENTION_HOURS (lib/limits.ts).
// The request runs in ONE transaction with its idempotency record: a transaction-scoped advisory lock on
// (bot, key) stops a concurrent twin at once (409 `idempotency_request_in_progress`), and the stored response
// commits together with what the request did, so no crash can leave a message without its record or a key stuck
// "in progress". 5xx results are never stored; the key stays free for a retry.


export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Canonical JSON (sorted keys) so that the same request with its keys reordered is still the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export interface RequestHashOptions {
  method: string;
  path: string;
  body: unknown;
}

/** What makes two requests with one Idempotency-Key the same request: method, path and body (canonical JSON). */
export function requestHash({ method, path, body }: RequestHashOptions): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest("hex");
}

/**
 * The statements that open an idempotent request's transaction (sent with its BEGIN): take the (bot, key) lock,
 * then read a stored result in a statement of its own, whose snapshot is taken once the lock is held, so a twin
 * that committed a moment before is always seen.
 */
const LOCK = query("idempotency.lock", {
  text: "SELECT pg_try_advisory_xact_lock(hashtextextended($1::text || ':' || $2::text, 0)) AS locked",
  notNull: ["locked"],
});
const STORED = query("idempotency.stored", {
  text: `SELECT request_hash, response_status, response_body, response_headers FROM idempotency_keys
    WHERE bot_id = $1 AND key = $2 AND expires_at > now()`,
});
const STORE = query("idempotency.store", {
  text: `INSERT INTO idempotency_keys (bot_id, key, request_hash, state, response_status, response_body, response_headers, expires_at)
   VALUES ($1, $2, $3, 'completed', $4, $5::jsonb, $6::jsonb, now() + interval '${IDEMPOTENCY_RETENTION_HOURS} hours')
   ON CONFLICT (bot_id, key) DO UPDATE
     SET request_hash = EXCLUDED.request_hash, state = 'completed', response_status = EXCLUDED.response_status,
         response_body = EXCLUDED.response_body, response_headers = EXCLUDED.response_headers,
         created_at = now(), expires_at = EXCLUDED.expires_at
   WHERE idempotency_keys.expires_at <= now()`,
});

export function openingStatements(botId: string, key: string): [Statement<"idempotency.lock">, Statement<"idempotency.stored">] {
  return [statement(LOCK, [botId, key]), statement(STORED, [botId, key])];
}

/**
 * Reads what the opening statements found: the response to replay, or null when the request should run. Throws the
 * two idempotency 409s.
 */
export function openedRequest(opened: unknown[][], hash: string): StoredResponse | null {
  const lock = rowsOf(LOCK, opened[0]);
  const stored = rowsOf(STORED, opened[1]);
  if (!lock[0]?.locked) {
    throw new ApiError(
      "idempotency_request_in_progress",
      "A request with this Idempotency-Key is still being processed; retry shortly",
    );
  }
  const row = stored[0];
  if (!row || row.request_hash === null || row.response_status === null) return null;
  if (row.request_hash !== hash) {
    throw new ApiError("idempotency_key_reused", "This Idempotency-Key was already used with a different request");
  }
  const headers = (row.response_headers as Record<string, string> | null) ?? {};
  return { status: row.response_status, body: row.response_body, headers };
}

export interface StoreStatementOptions {
  /** The Idempotency-Key. */
  key: string;
  /** The request's hash (`requestHash`). */
  hash: string;
  response: StoredResponse;
}

/**
 * The statement that stores the response of a request that ran: queued for its transaction's COMMIT, or run on its
 * own after a refusal (4xx) rolled back.
 */
export function storeStatement(botId: string, { key, hash, response }: StoreStatementOptions) {
  return statement(STORE, [
    botId,
    key,
    hash,
    response.status,
    JSON.stringify(response.body),
    JSON.stringify(response.headers),
  ]);
}
