import { query, sql as poolSql, type Sql } from "@/lib/db/sql";
import { ENQUEUE_FROM } from "./emit-event";
import { STALL_SECONDS } from "./attempt-delivery";

const REQUEUE = query("webhooks.requeueStalled", {
  text: `WITH stalled AS (
     UPDATE webhook_deliveries SET attempt_started_at = NULL
      WHERE status = 'pending' AND COALESCE(attempt_started_at, next_attempt_at) < $1
     RETURNING id
   )
   ${ENQUEUE_FROM("stalled")}`,
});

/**
 * A worker killed mid-delivery (SIGKILL, power loss) leaves its job locked for hours and its delivery claimed.
 * Every worker sweeps at start and every 30 s: a pending delivery whose attempt started, or that was due, more than
 * `stallSeconds` ago is enqueued again (same job key: a queued job is only moved, never doubled). Deliveries are
 * at least once; the event id lets the bot drop a duplicate.
 */
export async function recoverStalledDeliveries(options: { now?: Date; stallSeconds?: number; sql?: Sql } = {}) {
  const sql = options.sql ?? poolSql();
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.stallSeconds ?? STALL_SECONDS) * 1000);
  const rows = await sql.query(REQUEUE, [cutoff]);
  return { requeued: rows.length };
}
