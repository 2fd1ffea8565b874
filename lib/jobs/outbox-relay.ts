import { query, transaction, sql as poolSql, type Sql } from "@/lib/db/sql";

// The transactional outbox's relay (JOBS_ENGINE=inngest; docs/decisions/027-jobs-engine-inngest.md). An Inngest send
// cannot join a PostgreSQL transaction, so relay_enqueue_job() writes a job_outbox row in the transaction of its
// cause, and this sends the committed rows to Inngest afterwards: a batch is locked (FOR UPDATE SKIP LOCKED: several
// relays, in several processes, share the rows and never send one at the same time), sent, and marked sent in the
// same transaction only once Inngest accepted it. A failed send leaves the rows unsent (retried by the next pass); a
// crash after the send and before the commit leaves them unsent too, and they are sent again with the same event id
// (`relay-job-<row id>`), which Inngest drops as a duplicate. So: at least once into Inngest, once per row as Inngest
// runs it, and nothing lost between the database and Inngest.

/** An Inngest event for an outbox row: its id is the row's, so a resend is a duplicate Inngest drops. */
export interface JobEvent {
  id: string;
  name: string;
  data: { outbox_id: string; run_at: string; job_key: string | null };
}

/** Sends events to Inngest; resolves once Inngest accepted them all (inngest/client.ts: the client's send). */
export type SendJobEvents = (events: JobEvent[]) => Promise<unknown>;

export const jobEventName = (task: string) => `relay/job.${task}`;
export const jobEventId = (outboxId: string) => `relay-job-${outboxId}`;

const UNSENT = query("jobs.outboxUnsent", {
  text: `SELECT id::text AS id, task, run_at, job_key FROM job_outbox
    WHERE sent_at IS NULL AND cancelled_at IS NULL
    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
  notNull: ["id"],
});
const MARK_SENT = query("jobs.outboxSent", {
  text: `UPDATE job_outbox SET sent_at = now(), send_attempts = send_attempts + 1, last_send_error = NULL
    WHERE id = ANY ($1::bigint[])`,
});
const MARK_FAILED = query("jobs.outboxSendFailed", {
  text: `UPDATE job_outbox SET send_attempts = send_attempts + 1, last_send_error = left($2, 1000)
    WHERE id = ANY ($1::bigint[]) AND sent_at IS NULL`,
});

export interface RelayPass {
  sent: number;
  /** The send failed: the rows stay unsent, for the next pass. */
  error?: string;
}

/** One batch: lock up to `batch` unsent rows, send them, mark them sent. Returns how many were sent. */
export async function relayOutboxBatch(send: SendJobEvents, options: { batch?: number } = {}): Promise<RelayPass> {
  let failed: { ids: string[]; error: string } | null = null;
  const sent = await transaction(async (tx) => {
    const rows = await tx.query(UNSENT, [options.batch ?? 100]);
    if (!rows.length) return 0;
    const events: JobEvent[] = rows.map((row) => ({
      id: jobEventId(row.id),
      name: jobEventName(row.task),
      data: { outbox_id: row.id, run_at: row.run_at.toISOString(), job_key: row.job_key },
    }));
    try {
      await send(events);
    } catch (error) {
      failed = { ids: rows.map((row) => row.id), error: error instanceof Error ? error.message : String(error) };
      return 0;
    }
    await tx.query(MARK_SENT, [rows.map((row) => row.id)]);
    return rows.length;
  });
  if (failed) {
    const { ids, error } = failed;
    await poolSql().query(MARK_FAILED, [ids, error]);
    return { sent, error };
  }
  return { sent };
}

/** Batches until the outbox is empty (or a send fails). */
export async function relayOutbox(send: SendJobEvents, options: { batch?: number } = {}): Promise<RelayPass> {
  let total = 0;
  for (;;) {
    const pass = await relayOutboxBatch(send, options);
    total += pass.sent;
    if (pass.error) return { sent: total, error: pass.error };
    if (pass.sent < (options.batch ?? 100)) return { sent: total };
  }
}

const UNSENT_COUNT = query("jobs.outboxUnsentCount", {
  text: "SELECT count(*)::int AS n FROM job_outbox WHERE sent_at IS NULL AND cancelled_at IS NULL",
  notNull: ["n"],
});

/** Rows committed and not yet accepted by Inngest (a gauge for operators; tests). */
export async function unsentJobs(client: Sql = poolSql()): Promise<number> {
  const [row] = await client.query(UNSENT_COUNT);
  return row!.n;
}
