import { query, type Sql } from "@/lib/db/sql";

// The one job interface of the domain: relay_enqueue_job() (migration 20261130090000_i22_inngest_job_outbox), in the
// caller's transaction. The statements that cause jobs call it in their own SQL (lib/webhooks/emit-event.ts,
// lib/drafts/send-follow-up.ts, lib/notifications/, lib/memory/embed-pending.ts); this is the same call for code that
// has no statement of its own. graphile: graphile_worker.add_job(); inngest: a job_outbox row, sent after commit.

export interface JobOptions {
  /** Not before this time. */
  runAt?: Date;
  /** Tries in all (graphile's max_attempts; an Inngest function's retries are set per task: inngest/functions.ts). */
  maxAttempts?: number;
  /** One waiting job per key: a later enqueue replaces it (mode `replace`), keeps its time or leaves it be. */
  jobKey?: string;
  jobKeyMode?: "replace" | "preserve_run_at" | "unsafe_dedupe";
  /** Jobs of one queue run one at a time (graphile's queue; Inngest: the function's concurrency). */
  queueName?: string;
}

const ENQUEUE = query("jobs.enqueue", {
  text: `SELECT relay_enqueue_job($1, $2::json, queue_name := $3, run_at := $4::timestamptz, max_attempts := $5::int,
          job_key := $6, job_key_mode := coalesce($7, 'replace'))::text AS id`,
});

export interface EnqueueJobOptions extends JobOptions {
  /** The job's task (jobs/tasks.ts, inngest/functions.ts). */
  task: string;
  payload: object;
}

/** Enqueues `task` with `payload` in the caller's transaction; returns the job's id (graphile's, or the outbox row's). */
export async function enqueueJob(
  sql: Sql,
  { task, payload, queueName, runAt, maxAttempts, jobKey, jobKeyMode }: EnqueueJobOptions,
): Promise<string> {
  const [row] = await sql.query(ENQUEUE, [
    task,
    JSON.stringify(payload),
    queueName ?? null,
    runAt ?? null,
    maxAttempts ?? null,
    jobKey ?? null,
    jobKeyMode ?? null,
  ]);
  return row!.id!;
}
