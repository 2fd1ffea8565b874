import { query, sql as poolSql, type Sql } from "@/lib/db/sql";

// An Inngest run takes its job (JOBS_ENGINE=inngest; inngest/functions.ts): the outbox row, unless a later enqueue with
// the same job key replaced it (cancelled_at) or another run took it. The run's own retries take it again (same run
// id), so a retried run still runs the job; a duplicate event's run does not. The payload is read here, not from the
// event: a `preserve_run_at` enqueue may have changed it after the event was sent.

const CLAIM = query("jobs.claimOutboxJob", {
  text: `UPDATE job_outbox SET run_id = $2, started_at = coalesce(started_at, now())
    WHERE id = $1::bigint AND cancelled_at IS NULL AND (run_id IS NULL OR run_id = $2)
    RETURNING task, payload`,
});

export interface ClaimedJob {
  task: string;
  payload: Record<string, unknown>;
}

export interface ClaimOutboxJobOptions {
  /** The Inngest run that claims the row. */
  runId: string;
  /** Where to run the claim: the pool unless given. */
  client?: Sql;
}

export async function claimOutboxJob(
  outboxId: string,
  { runId, client = poolSql() }: ClaimOutboxJobOptions,
): Promise<ClaimedJob | null> {
  const [row] = await client.query(CLAIM, [outboxId, runId]);
  return row ? { task: row.task, payload: (row.payload ?? {}) as Record<string, unknown> } : null;
}
