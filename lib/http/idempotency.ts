import { createHash } from "node:crypto";
import { sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";

// Idempotency (DESIGN.md): scope bot + key, kept 24 h. The first request claims the key with an insert; a
// concurrent one with the same key finds it in progress (409); a later one with the same request gets the stored
// response replayed, with a different request 409 `idempotency_key_reused`. 5xx results are never stored: the
// claim is released so the client can retry.

export const IDEMPOTENCY_KEY_MAX = 64;
const RETENTION = "24 hours";

export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export type Claim = { kind: "claimed" } | { kind: "replay"; response: StoredResponse };

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

export async function claimIdempotencyKey(botId: string, key: string, hash: string): Promise<Claim> {
  const claimed = await sql().query<{ claimed: boolean }>(
    `INSERT INTO idempotency_keys (bot_id, key, request_hash, state, expires_at)
     VALUES ($1, $2, $3, 'in_progress', now() + $4::interval)
     ON CONFLICT (bot_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, state = 'in_progress', response_status = NULL,
           response_body = NULL, response_headers = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at < now()
     RETURNING true AS claimed`,
    [botId, key, hash, RETENTION],
  );
  if (claimed.length > 0) return { kind: "claimed" };

  const rows = await sql().query<{ request_hash: string; state: string; response_status: number | null; response_body: unknown; response_headers: Record<string, string> | null }>(
    `SELECT request_hash, state, response_status, response_body, response_headers
     FROM idempotency_keys WHERE bot_id = $1 AND key = $2`,
    [botId, key],
  );
  const row = rows[0];
  if (!row) return claimIdempotencyKey(botId, key, hash); // released meanwhile: try again
  if (row.request_hash !== hash) {
    throw new ApiError("idempotency_key_reused", "This Idempotency-Key was already used with a different request");
  }
  if (row.state !== "completed" || row.response_status === null) {
    throw new ApiError(
      "idempotency_request_in_progress",
      "A request with this Idempotency-Key is still being processed; retry shortly",
    );
  }
  return { kind: "replay", response: { status: row.response_status, body: row.response_body, headers: row.response_headers ?? {} } };
}

export async function completeIdempotencyKey(botId: string, key: string, response: StoredResponse): Promise<void> {
  await sql().query(
    `UPDATE idempotency_keys
     SET state = 'completed', response_status = $3, response_body = $4::jsonb, response_headers = $5::jsonb
     WHERE bot_id = $1 AND key = $2`,
    [botId, key, response.status, JSON.stringify(response.body), JSON.stringify(response.headers)],
  );
}

export async function releaseIdempotencyKey(botId: string, key: string): Promise<void> {
  await sql().query("DELETE FROM idempotency_keys WHERE bot_id = $1 AND key = $2 AND state = 'in_progress'", [botId, key]);
}
