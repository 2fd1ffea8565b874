import { open as unseal } from "@/lib/crypto/secret-box";
import { LOOPBACK_WEBHOOKS_ALLOWED_SQL } from "@/lib/deployment/settings";
import { query, sql as poolSql, type Sql } from "@/lib/db/sql";
import { metrics } from "@/lib/metrics/registry";
import { ENQUEUE_FROM } from "./emit-event";
import { isPrivacyEvent } from "./event-types";
import { postWebhook, type PostResult } from "./post-webhook";
import { signedRequest } from "./signed-request";

// One attempt of one delivery: claim it, sign the envelope afresh (a new timestamp every time, so replays verify
// too), POST it, record the attempt and either finish the delivery or schedule its next try. A 2xx within 15 s is
// success; anything else is retried 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later, then the delivery fails
// (docs/api-contract.md#delivery-and-retries). Pings are tests and are not retried. Nor is an attempt the address
// rule refused (lib/net/public-address.ts: the URL, or the address its name resolves to): nothing was sent, and
// the same URL will be refused again until the developer changes it or its DNS, so the delivery fails at once with
// the reason on its attempt; a replay tries once more. Nor is a delivery with nowhere to go: a bot with no webhook URL
// (it was written for `relay listen`, which had it already), or one `relay listen --only` holds back while its lease
// lasts (docs/decisions/039-relay-listen.md); either is replayable later, as any delivery.

export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
/** An attempt older than this with no result belongs to a worker that died (15 s timeout, generous margin). */
export const STALL_SECONDS = 60;

export type AttemptTrigger = "delivery" | "retry" | "replay" | "ping";

export interface AttemptOutcome {
  delivery_id: string;
  attempt: number;
  trigger: AttemptTrigger;
  status: "succeeded" | "pending" | "failed";
  response_status: number | null;
  duration_ms: number;
  error: string | null;
  next_attempt_at: string | null;
}

// Claims the delivery unless it is finished or an attempt is running (a replay and a retry can race). The
// deployment's loopback setting is read in the claim (lib/deployment/settings.ts).
const CLAIM = query("webhooks.claimDelivery", {
  text: `
  UPDATE webhook_deliveries d SET attempt_started_at = $2
    FROM bots b
   WHERE d.id = $1 AND b.id = d.bot_id AND d.status = 'pending'
     AND (d.attempt_started_at IS NULL OR d.attempt_started_at < $2::timestamptz - make_interval(secs => $3))
  RETURNING d.id, d.event_id, d.event_type, d.bot_id, d.payload, d.attempt_count, d.round_attempt_count, d.replayed_at,
            b.webhook_url, b.status AS bot_status, ${LOOPBACK_WEBHOOKS_ALLOWED_SQL} AS allow_loopback,
            coalesce(b.listen_until > $2, false) AS listening, b.listen_only,
            ARRAY(SELECT s.secret_encrypted FROM bot_signing_secrets s
                   WHERE s.bot_id = b.id AND (s.expires_at IS NULL OR s.expires_at > $2) ORDER BY s.created_at DESC) AS secrets`,
  notNull: ["allow_loopback", "secrets", "listening"],
});

// Records the attempt and the delivery's new state; schedules the next try ($13) in the same transaction.
const RECORD = query("webhooks.recordAttempt", {
  text: `
  WITH attempt AS (
    INSERT INTO webhook_attempts (delivery_id, number, trigger, url, request_headers, request_body, response_status,
                                  response_body, duration_ms, error, started_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
  ),
  updated AS (
    UPDATE webhook_deliveries
       SET status = $12::"DeliveryStatus", attempt_count = attempt_count + 1, round_attempt_count = round_attempt_count + 1,
           next_attempt_at = $13::timestamptz, attempt_started_at = NULL, last_response_status = $7, last_error = $10,
           completed_at = CASE WHEN $12 = 'pending' THEN NULL ELSE $14::timestamptz END
     WHERE id = $1
    RETURNING id
  ),
  retry AS (SELECT id FROM updated WHERE $13::timestamptz IS NOT NULL)
  ${ENQUEUE_FROM("retry", "$13::timestamptz")}`,
});

export async function attemptDelivery(
  deliveryId: string,
  options: { now?: Date; sql?: Sql; retry?: boolean; timeoutMs?: number } = {},
): Promise<AttemptOutcome | null> {
  const sql = options.sql ?? poolSql();
  const startedAt = options.now ?? new Date();
  const [claimed] = await sql.query(CLAIM, [deliveryId, startedAt, STALL_SECONDS]);
  if (!claimed) return null; // finished already, or another worker is on it

  const trigger: AttemptTrigger =
    claimed.event_type === "ping" && claimed.round_attempt_count === 0 && !claimed.replayed_at
      ? "ping"
      : claimed.round_attempt_count > 0
        ? "retry"
        : claimed.replayed_at
          ? "replay"
          : "delivery";
  // The spec's headers, exactly as ever, and Standard Webhooks' beside them (docs/decisions/024), signed afresh.
  const { body, headers } = signedRequest(
    { id: claimed.id, botId: claimed.bot_id, eventType: claimed.event_type, payload: claimed.payload },
    { secrets: claimed.secrets.map(unseal), timestamp: Math.floor(startedAt.getTime() / 1000) },
  );

  // Nowhere to send it: failed at once, never retried (a replay tries again).
  const nowhere = !claimed.webhook_url
    ? claimed.listening
      ? "no webhook URL; relay listen received it"
      : "the bot has no webhook URL: set one, then replay the delivery"
    : claimed.listening && claimed.listen_only
      ? "held back: relay listen --only"
      : null;
  const result: PostResult =
    nowhere || !claimed.webhook_url
      ? { status: null, body: null, error: nowhere ?? "the bot has no webhook URL", durationMs: 0 }
      : claimed.bot_status === "stopped" && !isPrivacyEvent(claimed.event_type)
        ? { status: null, body: null, error: "the bot is stopped", durationMs: 0 }
        : await postWebhook(claimed.webhook_url, {
            headers,
            body,
            allowLoopback: claimed.allow_loopback,
            timeoutMs: options.timeoutMs,
          });

  const succeeded = result.error === null;
  const roundAttempt = claimed.round_attempt_count + 1;
  const retries = (options.retry ?? true) && claimed.event_type !== "ping" && !result.refused && !nowhere;
  const delay = RETRY_DELAYS_SECONDS[roundAttempt - 1];
  const finishedAt = new Date(startedAt.getTime() + result.durationMs);
  const nextAttemptAt =
    !succeeded && retries && delay !== undefined ? new Date(finishedAt.getTime() + delay * 1000) : null;
  const status = succeeded ? "succeeded" : nextAttemptAt ? "pending" : "failed";

  await sql.query(RECORD, [
    claimed.id,
    claimed.attempt_count + 1,
    trigger,
    claimed.webhook_url ?? "",
    JSON.stringify(headers),
    body,
    result.status,
    result.body,
    result.durationMs,
    result.error,
    startedAt,
    status,
    nextAttemptAt,
    finishedAt,
  ]);
  // relay_webhook_attempts_total, counted by the process that made the attempt (a worker's: WORKER_METRICS_PORT).
  metrics().webhookAttempts.inc({ trigger, outcome: status === "pending" ? "retrying" : status });
  return {
    delivery_id: claimed.id,
    attempt: claimed.attempt_count + 1,
    trigger,
    status,
    response_status: result.status,
    duration_ms: result.durationMs,
    error: result.error,
    next_attempt_at: nextAttemptAt?.toISOString() ?? null,
  };
}
