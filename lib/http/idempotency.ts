import { createHash } from "node:crypto";
import type { Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";

// Idempotency (DESIGN.md, docs/decisions/004-idempotency-after-validation.md): scope bot + key, kept 24 h.
// The request runs in ONE transaction with its idempotency record: a transaction-scoped advisory lock on
// (bot, key) stops a concurrent twin at once (409 `idempotency_request_in_progress`), and the stored response
// commits together with what the request did, so no crash can leave a message without its record or a key stuck
// "in progress". 5xx results are never stored; the key stays free for a retry.

export const IDEMPOTENCY_KEY_MAX = 64;
const RETENTION = "24 hours";

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

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${canonical(body)}`).digest("hex");
}

/**
 * First statement of an idempotent request's transaction: takes the (bot, key) lock and reads a stored result.
 * Returns the response to replay, or null when the request should run. Throws the two idempotency 409s.
 */
export async function openIdempotentRequest(tx: Sql, botId: string, key: string, hash: string): Promise<StoredResponse | null> {
  const rows = await tx.query<{ locked: boolean; request_hash: string | null; response_status: number | null; response_body: unknown; response_headers: Record<string, string> | null }>(
    `SELECT pg_try_advisory_xact_lock(hashtextextended($1::text || ':' || $2, 0)) AS locked,
            r.request_hash, r.response_status, r.response_body, r.response_headers
     FROM (SELECT 1) AS one
     LEFT JOIN idempotency_keys r ON r.bot_id = $1 AND r.key = $2 AND r.expires_at > now()`,
    [botId, key],
  );
  const row = rows[0]!;
  if (!row.locked) {
    throw new ApiError("idempotency_request_in_progress", "A request with this Idempotency-Key is still being processed; retry shortly");
  }
  if (row.request_hash === null || row.response_status === null) return null;
  if (row.request_hash !== hash) {
    throw new ApiError("idempotency_key_reused", "This Idempotency-Key was already used with a different request");
  }
  return { status: row.response_status, body: row.response_body, headers: row.response_headers ?? {} };
}

/** Stores the response of a request that ran. Inside its transaction, or afterwards for a refusal (4xx). */
export async function storeIdempotentResponse(sql: Sql, botId: string, key: string, hash: string, response: StoredResponse): Promise<void> {
  await sql.query(
    `INSERT INTO idempotency_keys (bot_id, key, request_hash, state, response_status, response_body, response_headers, expires_at)
     VALUES ($1, $2, $3, 'completed', $4, $5::jsonb, $6::jsonb, now() + $7::interval)
     ON CONFLICT (bot_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, state = 'completed', response_status = EXCLUDED.response_status,
           response_body = EXCLUDED.response_body, response_headers = EXCLUDED.response_headers,
           created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= now()`,
    [botId, key, hash, response.status, JSON.stringify(response.body), JSON.stringify(response.headers), RETENTION],
  );
}
