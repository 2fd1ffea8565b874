import { query, sql as pooled, type Sql } from "@/lib/db/sql";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { log } from "@/lib/log";
import { readEmbeddingCoverage } from "./embedding-coverage";
import { metrics } from "./registry";

// The gauges read from the database at scrape time: the job queue (graphile-worker's own tables), the job outbox of
// JOBS_ENGINE=inngest, contact search's embedding backlog (lib/memory/embed-pending.ts) and each model's coverage
// (lib/metrics/embedding-coverage.ts), the notification backlog and the items waiting for a person's approval.
// They describe the deployment, not the process, so every app or worker process answers the same values: alert on
// them from one target (or with max()).
//
// Cost per scrape: the jobs query groups graphile-worker's job table (a row per queued, scheduled or running job);
// the outbox query reads the unsent rows through their partial index (few, unless the relay is stuck); the embedding
// query is an anti-join over facts and one scan of conversations, as the embedding job's own reads; the coverage
// query one more scan of conversations and of the watermarks.

// By task: ready (due, no worker has it), scheduled (due later, e.g. a webhook retry), running (locked by a worker),
// failed (out of attempts: graphile-worker keeps them); and how long the oldest ready job has been due.
const JOBS = query("metrics.jobs", {
  text: `SELECT t.identifier AS task,
          count(*) FILTER (WHERE j.is_available AND j.run_at <= now())::int AS ready,
          count(*) FILTER (WHERE j.is_available AND j.run_at > now())::int AS scheduled,
          count(*) FILTER (WHERE j.locked_at IS NOT NULL)::int AS running,
          count(*) FILTER (WHERE j.locked_at IS NULL AND j.attempts >= j.max_attempts)::int AS failed,
          EXTRACT(EPOCH FROM now() - min(j.run_at) FILTER (WHERE j.is_available AND j.run_at <= now()))::float8 AS oldest_ready_seconds
     FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    GROUP BY t.identifier`,
  notNull: ["task", "ready", "scheduled", "running", "failed"],
});

// JOBS_ENGINE=inngest (docs/decisions/027), by task: jobs committed to the outbox and not yet accepted by Inngest, and
// how long the oldest has waited since its commit. Graphile's gauges above say nothing of Inngest's queue; these say
// whether jobs reach it: a growing age is a stuck relay (no relay running, Inngest unreachable or refusing the key).
const OUTBOX = query("metrics.jobOutbox", {
  text: `SELECT task, count(*)::int AS unsent, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS oldest_unsent_seconds
     FROM job_outbox WHERE sent_at IS NULL AND cancelled_at IS NULL
    GROUP BY task`,
  notNull: ["task", "unsent", "oldest_unsent_seconds"],
});

// What the embedding job has yet to embed for the current model: facts without a vector, conversations linked to a
// contact past their watermark, and the messages past it (system messages included, which the job skips).
const EMBEDDINGS = query("metrics.embeddingBacklog", {
  text: `SELECT (SELECT count(*) FROM contact_facts f
            WHERE f.status IN ('candidate', 'confirmed')
              AND NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.subject_type = 'fact' AND e.subject_id = f.id AND e.model = $1))::int AS facts,
          count(*)::int AS conversations,
          COALESCE(sum(c.last_seq - COALESCE(p.embedded_seq, 0)), 0)::int AS messages
     FROM conversations c
     LEFT JOIN embedding_progress p ON p.conversation_id = c.id AND p.model = $1
    WHERE c.last_seq > COALESCE(p.embedded_seq, 0)
      AND EXISTS (SELECT 1 FROM conversation_participants cp WHERE cp.conversation_id = c.id AND cp.contact_id IS NOT NULL)`,
  notNull: ["facts", "conversations", "messages"],
});

// What waits for a person now, by workspace and approver group (the admin overview's "waiting": lib/policy/overview),
// read through the partial index of pending drafts. An item anyone in the conversation may decide is in the group
// ":anyone", as lib/policy/overview/names.ts names it (this floor may not import it; metrics.int.test.ts holds both).
const WAITING = query("metrics.approvalsWaiting", {
  text: `SELECT b.workspace_id, COALESCE(d.approver_group, ':anyone') AS grp, count(*)::int AS n,
          EXTRACT(EPOCH FROM now() - min(d.created_at))::float8 AS oldest_seconds
     FROM drafts d JOIN bots b ON b.id = d.bot_id
    WHERE d.status = 'pending' AND d.expires_at > now()
    GROUP BY 1, 2`,
  notNull: ["workspace_id", "grp", "n", "oldest_seconds"],
});

const JOB_STATES = ["ready", "scheduled", "running", "failed"] as const;

/**
 * Reads the database-derived gauges into the registry. On failure (the database unreachable) they are left absent,
 * not stale, and relay_metrics_database_read_ok is 0: the process's own metrics are still served.
 */
export async function readDatabaseGauges(sql: Sql = pooled()): Promise<void> {
  const m = metrics();
  resetDatabaseGauges(m);
  try {
    const model = embeddingModelId();
    const [jobs, outbox, [embeddings], coverage, notifications, waiting] = await Promise.all([
      sql.query(JOBS, []),
      sql.query(OUTBOX, []),
      sql.query(EMBEDDINGS, [model]),
      readEmbeddingCoverage(sql, model),
      notificationBacklog(sql),
      sql.query(WAITING, []),
    ]);
    for (const row of jobs) {
      for (const state of JOB_STATES) m.jobs.set({ task: row.task, state }, row[state]);
      if (row.oldest_ready_seconds !== null) m.jobOldestAge.set({ task: row.task }, row.oldest_ready_seconds);
    }
    for (const row of outbox) {
      m.outboxUnsent.set({ task: row.task }, row.unsent);
      m.outboxOldestAge.set({ task: row.task }, row.oldest_unsent_seconds);
    }
    if (embeddings)
      for (const kind of ["facts", "conversations", "messages"] as const)
        m.embeddingBacklog.set({ kind }, embeddings[kind]);
    for (const { model, current, ratio } of coverage.models)
      m.embeddingCoverage.set({ model, current: String(current) }, ratio);
    for (const { channel, pending } of notifications) m.notificationBacklog.set({ channel }, pending);
    for (const row of waiting) {
      const labels = { workspace: row.workspace_id, group: row.grp };
      m.approvalsWaiting.set(labels, row.n);
      m.approvalsOldestWaiting.set(labels, row.oldest_seconds);
    }
    m.databaseReadOk.set(1);
  } catch (error) {
    resetDatabaseGauges(m);
    m.databaseReadOk.set(0);
    log().error({ err: error }, "metrics: the database-derived gauges could not be read");
  }
}

/** Notifications written but not yet sent, per channel (`pending` until sent or skipped; lib/notifications/deliver.ts). */
const NOTIFICATIONS = query("metrics.notificationBacklog", {
  text: `SELECT (SELECT count(*) FROM notifications WHERE email_status = 'pending')::int AS email,
          (SELECT count(*) FROM notifications WHERE push_status = 'pending')::int AS push`,
  notNull: ["email", "push"],
});

async function notificationBacklog(sql: Sql): Promise<{ channel: "email" | "push"; pending: number }[]> {
  const [row] = await sql.query(NOTIFICATIONS);
  return row ? [{ channel: "email", pending: row.email }, { channel: "push", pending: row.push }] : [];
}

/** Empties the database-derived gauges, so a series that is gone, or could not be read, is not shown stale. */
function resetDatabaseGauges(m: ReturnType<typeof metrics>): void {
  m.jobs.reset();
  m.jobOldestAge.reset();
  m.outboxUnsent.reset();
  m.outboxOldestAge.reset();
  m.embeddingBacklog.reset();
  m.embeddingCoverage.reset();
  m.notificationBacklog.reset();
  m.approvalsWaiting.reset();
  m.approvalsOldestWaiting.reset();
}
