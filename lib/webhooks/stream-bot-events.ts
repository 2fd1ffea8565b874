import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { query, sql } from "@/lib/db/sql";
import { log } from "@/lib/log";
import { watchBotEvents } from "./bot-event-stream";
import { activeSigningSecrets } from "./signing-secrets";
import { isTestEvent, signedRequest } from "./signed-request";

// `relay listen`'s server side (docs/decisions/039-relay-listen.md): a bot's deliveries as they are committed, each
// signed afresh with the bot's live secrets by the code real attempts use (signed-request.ts), so the developer's
// laptop forwards the exact bytes and headers its webhook URL would get, and the CLI needs no secret.
//
// While a stream is open the bot holds a lease (bots.listen_until, 60 s, renewed every 20 s, cut to 20 s when the
// stream ends, so a dropped connection comes back to find what happened meanwhile): the delivery trigger
// NOTIFYs only then, emit-event.ts lets a bot with no webhook URL hear events, and with `only` its real attempts are
// held back (attempt-delivery.ts). The order: take the lease, subscribe, then the backlog after `after` (the last 24
// hours, in pages), then live; each position is sent once per stream. Positions are drawn at insert and committed in
// another order, so a resume re-reads the rows committed up to RESUME_WINDOW_SECONDS before its cursor's; the client
// drops what it already had (sdk/listen.ts).

export const LEASE_SECONDS = 60;
export const RENEW_MS = 20_000;
/**
 * What is left of the lease once a stream ends: a connection that dropped is back within it (the SDK retries after
 * 0.5 s, doubling up to 5 s) and finds every event of the gap, even a bot with no webhook URL; one that was stopped
 * for good holds nothing back much longer (--only).
 */
export const GRACE_SECONDS = 20;
/** How far back a resume re-reads, below its cursor: longer than any transaction that writes a delivery. */
export const RESUME_WINDOW_SECONDS = 60;
const BACKLOG_HOURS = 24;
const PAGE = 100;
/** Positions remembered per stream, to send each once (the oldest are forgotten first). */
const REMEMBERED = 10_000;

// $3 lease seconds, $4 the key the stream was opened with: a stopped bot or a revoked key loses its lease, and the
// stream ends.
const LEASE = query("webhooks.takeListenLease", {
  text: `UPDATE bots b SET listen_until = now() + make_interval(secs => $3), listen_only = $2
    WHERE b.id = $1 AND b.status <> 'stopped'
      AND EXISTS (SELECT 1 FROM api_keys k WHERE k.id = $4 AND k.bot_id = b.id AND k.revoked_at IS NULL)
    RETURNING b.listen_until`,
  notNull: ["listen_until"],
});
// Cut down to its grace, only if it is still this stream's (another stream of the bot may have renewed it since).
const RELEASE = query("webhooks.releaseListenLease", {
  text: `UPDATE bots SET listen_until = least(listen_until, now() + make_interval(secs => $3))
    WHERE id = $1 AND listen_until = $2`,
});
const HEAD = query("webhooks.streamHead", {
  text: `SELECT coalesce(max(stream_seq), 0)::text AS seq FROM webhook_deliveries WHERE bot_id = $1`,
  notNull: ["seq"],
});
const RESUME_FLOOR = query("webhooks.streamResumeFloor", {
  text: `SELECT coalesce(min(d.stream_seq) - 1, $2::bigint)::text AS seq
      FROM webhook_deliveries d,
           (SELECT created_at FROM webhook_deliveries WHERE bot_id = $1 AND stream_seq = $2::bigint) cursor_row
     WHERE d.bot_id = $1 AND d.stream_seq <= $2::bigint
       AND d.created_at >= cursor_row.created_at - make_interval(secs => $3)`,
  notNull: ["seq"],
});
const COLUMNS = `id, event_type, payload, stream_seq::text AS seq`;
const AFTER = query("webhooks.streamAfter", {
  text: `SELECT ${COLUMNS} FROM webhook_deliveries
    WHERE bot_id = $1 AND stream_seq > $2::bigint AND created_at > now() - make_interval(hours => $3)
    ORDER BY stream_seq LIMIT $4`,
  notNull: ["seq"],
});
const AT = query("webhooks.streamAt", {
  text: `SELECT ${COLUMNS} FROM webhook_deliveries WHERE bot_id = $1 AND stream_seq = ANY ($2::bigint[]) ORDER BY stream_seq`,
  notNull: ["seq"],
});

/** One delivery as the stream carries it: what to POST to the local URL, exactly. */
export interface StreamedDelivery {
  /** Its place in the bot's stream (the SSE id). */
  seq: string;
  delivery_id: string;
  event_type: string;
  /** A sample made by `relay trigger`. */
  test: boolean;
  /** The raw body, byte for byte what the signatures cover. */
  body: string;
  /** The headers a real attempt sends, signed now. */
  headers: Record<string, string>;
}

export interface StreamStart {
  /** Where this stream starts: the cursor it resumes after, or the bot's newest position (a new stream). */
  after: string;
  only: boolean;
  lease_seconds: number;
}

export interface StreamBotEventsOptions {
  /** Resume after this position (Last-Event-ID); null: from now on, without a backlog. */
  after: string | null;
  /** Hold the bot's real deliveries back while the stream is open (`relay listen --only`). */
  only: boolean;
  send: (delivery: StreamedDelivery) => void;
  /** Said first, once the lease is held and the stream subscribed. */
  started: (start: StreamStart) => void;
  /** The lease was refused on renewal (the bot was stopped, its key revoked): the stream must end. */
  lost: () => void;
}

/** Opens a bot's stream; resolves with the function that closes it once the backlog is on its way. */
export async function streamBotEvents(bot: BotPrincipal, options: StreamBotEventsOptions): Promise<() => void> {
  const pool = sql();
  let lease: Date | null = null;
  const renew = async () => {
    const [held] = await pool.query(LEASE, [bot.id, options.only, LEASE_SECONDS, bot.keyId]);
    lease = held?.listen_until ?? null;
    return lease !== null;
  };
  if (!(await renew())) {
    options.lost();
    return () => {};
  }

  const sent = new Set<string>();
  let highest = 0n;
  let closed = false;
  const deliver = async (rows: { id: string; event_type: string; payload: unknown; seq: string }[]) => {
    const fresh = rows.filter((row) => !sent.has(row.seq));
    if (!fresh.length || closed) return;
    // Secrets read per batch, so a rotation shows at once, as in a real attempt.
    const secrets = await activeSigningSecrets(pool, { botId: bot.id });
    const timestamp = Math.floor(Date.now() / 1000);
    for (const row of fresh) {
      if (closed) return;
      const { body, headers } = signedRequest(
        { id: row.id, botId: bot.id, eventType: row.event_type, payload: row.payload },
        { secrets, timestamp },
      );
      sent.add(row.seq);
      if (sent.size > REMEMBERED) sent.delete(sent.values().next().value!);
      if (BigInt(row.seq) > highest) highest = BigInt(row.seq);
      options.send({
        seq: row.seq,
        delivery_id: row.id,
        event_type: row.event_type,
        test: isTestEvent(row.payload),
        body,
        headers,
      });
    }
  };
  const pageFrom = async (floor: string) => {
    for (let from = floor; !closed; ) {
      const rows = await pool.query(AFTER, [bot.id, from, BACKLOG_HOURS, PAGE]);
      await deliver(rows);
      if (rows.length < PAGE) return;
      from = rows.at(-1)!.seq;
    }
  };

  // One piece of work at a time, in order: the backlog, then each notification, then each catch-up.
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => log().warn({ err: error, botId: bot.id }, "listen stream read failed"));
  };
  const waiting = new Set<string>();
  const unwatch = await watchBotEvents(bot.id, (seq) => {
    waiting.add(seq);
    enqueue(async () => {
      if (!waiting.size) return;
      const seqs = [...waiting];
      waiting.clear();
      await deliver(await pool.query(AT, [bot.id, seqs]));
    });
  });

  const after =
    options.after ?? (await pool.query(HEAD, [bot.id]))[0]!.seq; // a new stream starts at the bot's newest position
  highest = BigInt(after);
  options.started({ after, only: options.only, lease_seconds: LEASE_SECONDS });
  if (options.after !== null) {
    const [floor] = await pool.query(RESUME_FLOOR, [bot.id, options.after, RESUME_WINDOW_SECONDS]);
    enqueue(() => pageFrom(floor!.seq));
  }

  // The lease is renewed while the stream is open; each renewal also reads what a lost notification would have
  // missed (the LISTEN connection can drop and come back).
  const renewal = setInterval(() => {
    enqueue(async () => {
      if (closed) return;
      if (!(await renew())) return options.lost();
      await pageFrom(highest.toString());
    });
  }, RENEW_MS);
  renewal.unref();

  return () => {
    if (closed) return;
    closed = true;
    clearInterval(renewal);
    unwatch();
    const held = lease;
    if (held) void pool.query(RELEASE, [bot.id, held, GRACE_SECONDS]).catch(() => {});
  };
}
