import { query, sql, transaction, type Sql } from "@/lib/db/sql";
import { rm } from "node:fs/promises";
import { archivePath } from "@/lib/privacy/build-export";
import { forgetVectors, removeFiles, uncite } from "@/lib/privacy/forget";
import {
  ATTEMPT_TEXT_RETENTION_DAYS,
  JOB_OUTBOX_RETENTION_DAYS,
  retentionWindows,
  type RetentionWindows,
} from "./retention-windows";

// Retention (docs/guides/operators.md#retention, docs/decisions/028-retention.md): rows with no lasting value are
// deleted once their time is up, so these tables stay the size of their window instead of growing with every send:
//
// - idempotency_keys past expires_at (24 h after the request: a replay after that already runs afresh);
// - webhook_deliveries, with their attempts (ON DELETE CASCADE), that succeeded more than DELIVERY_RETENTION_DAYS
//   ago, or failed more than FAILED_DELIVERY_RETENTION_DAYS ago (kept longer for replay), counted from creation or
//   the last replay; pending ones are in flight and never pruned;
// - job_outbox rows (JOBS_ENGINE=inngest) run or replaced a week ago, or sent and never claimed a week past run_at;
// - oauth_provider_records (oidc-provider's codes, tokens, sessions) past expires_at: the adapter already reads them
//   as gone.
//
// - the whole text of refused attempts (policy_decisions.body and blocks, kept for the policy rules' dry run) after
//   ATTEMPT_TEXT_RETENTION_DAYS, the dry run's longest range: cleared, the row and its excerpt staying in the log.
//
// - messages older than their workspace's retention (workspace_settings.message_retention_days, off by default;
//   issue 38): deleted with their files (a file another row refers to stays), vectors (a trigger) and stored words
//   (a column of the row); facts that cited them lose the citation; a conversation whose last message went loses its
//   preview; every process drops the conversations' cached vectors. Each conversation's oldest go first, by seq.
//
// Never pruned: messages of a workspace without retention, the audit log, the policy log, security events, drafts, notifications. Each statement
// deletes one small batch, chosen with FOR UPDATE SKIP LOCKED through an index and committed alone: a row a send is
// writing is skipped, and no send waits for more than one batch's row locks. Batches repeat until a table has
// nothing left to prune or the time budget is spent; whatever is left waits for the next run (every 10 minutes).

export const RETENTION_TASK = "prune_expired_rows";
/** graphile-worker crontab line: every 10 minutes, one job at a time (job key). */
export const RETENTION_CRONTAB = `*/10 * * * * ${RETENTION_TASK} ?jobKey=${RETENTION_TASK}&max=3`;

const DAY_MS = 24 * 60 * 60 * 1000;

const IDEMPOTENCY = query("retention.idempotencyKeys", {
  text: `WITH doomed AS (
     SELECT bot_id, key FROM idempotency_keys WHERE expires_at <= $1::timestamptz
      ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED
   ), gone AS (
     DELETE FROM idempotency_keys k USING doomed WHERE k.bot_id = doomed.bot_id AND k.key = doomed.key RETURNING 1
   )
   SELECT count(*)::int AS n FROM gone`,
  notNull: ["n"],
});

// One statement per status so each walks the (status, created_at) index from its oldest row. A delivery replayed
// since its creation counts from the replay (replayed_at), so a replay is not deleted under the person who made it.
const deliveries = (status: "succeeded" | "failed") =>
  `WITH doomed AS (
     SELECT id FROM webhook_deliveries
      WHERE status = '${status}' AND created_at < $1::timestamptz AND (replayed_at IS NULL OR replayed_at < $1::timestamptz)
      ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
   ), gone AS (
     DELETE FROM webhook_deliveries d USING doomed WHERE d.id = doomed.id RETURNING 1
   )
   SELECT count(*)::int AS n FROM gone`;
const SUCCEEDED = query("retention.succeededDeliveries", { text: deliveries("succeeded"), notNull: ["n"] });
const FAILED = query("retention.failedDeliveries", { text: deliveries("failed"), notNull: ["n"] });

// In id order (the primary key): the oldest rows are the done ones; the few still waiting are skipped.
const JOB_OUTBOX = query("retention.jobOutbox", {
  text: `WITH doomed AS (
     SELECT id FROM job_outbox
      WHERE sent_at IS NOT NULL
        AND (cancelled_at < $1::timestamptz
             OR (cancelled_at IS NULL AND run_at < $1::timestamptz AND (started_at IS NULL OR started_at < $1::timestamptz)))
      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
   ), gone AS (
     DELETE FROM job_outbox o USING doomed WHERE o.id = doomed.id RETURNING 1
   )
   SELECT count(*)::int AS n FROM gone`,
  notNull: ["n"],
});

const ATTEMPT_TEXTS = query("retention.attemptTexts", {
  text: `WITH doomed AS (
     SELECT id FROM policy_decisions
      WHERE created_at < $1::timestamptz AND (body IS NOT NULL OR blocks IS NOT NULL)
      ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
   ), cleared AS (
     UPDATE policy_decisions p SET body = NULL, blocks = NULL FROM doomed WHERE p.id = doomed.id RETURNING 1
   )
   SELECT count(*)::int AS n FROM cleared`,
  notNull: ["n"],
});

const RETAINING = query("retention.messageWorkspaces", {
  text: `SELECT workspace_id, message_retention_days AS days FROM workspace_settings
    WHERE message_retention_days IS NOT NULL ORDER BY workspace_id`,
  notNull: ["days"],
});
// A batch of the workspace's messages older than $2: each conversation's first ones by seq (its oldest), a few at a
// time, so a conversation with nothing old costs a few index reads. Locked, skipping rows a request holds.
const OLD_MESSAGES = query("retention.oldMessages", {
  text: `WITH old AS (
     SELECT m.id FROM conversations c
     CROSS JOIN LATERAL (SELECT id, created_at FROM messages WHERE conversation_id = c.id ORDER BY seq LIMIT 200) m
      WHERE c.workspace_id = $1 AND m.created_at < $2::timestamptz
      LIMIT $3
   )
   SELECT m.id, m.conversation_id FROM messages m WHERE m.id IN (SELECT id FROM old) FOR UPDATE SKIP LOCKED`,
});
// Their files: each with whether a row that stays refers to the same bytes.
const OLD_FILES = query("retention.oldFiles", {
  text: `SELECT a.sha256, EXISTS (
       SELECT 1 FROM attachments o WHERE o.sha256 = a.sha256 AND (o.message_id IS NULL OR NOT (o.message_id = ANY($1::uuid[])))
     ) AS shared
     FROM attachments a WHERE a.message_id = ANY($1::uuid[])`,
  notNull: ["shared"],
});
const CITED = query("retention.citedMessages", {
  text: `SELECT DISTINCT source_message_id AS id FROM contact_facts WHERE source_message_id = ANY($1::uuid[])`,
  notNull: ["id"],
});
const DELETE_MESSAGES = query("retention.deleteMessages", {
  text: `WITH files AS (DELETE FROM attachments WHERE message_id = ANY($1::uuid[])),
        gone AS (DELETE FROM messages WHERE id = ANY($1::uuid[]) RETURNING conversation_id)
   UPDATE conversations SET last_message_preview = ''
    WHERE id IN (SELECT conversation_id FROM gone) AND last_message_at < $2::timestamptz AND last_message_preview <> ''`,
});

/** One batch of a workspace's old messages; the number deleted. */
async function pruneMessages(
  client: Sql,
  { workspaceId, before, batchSize }: { workspaceId: string; before: Date; batchSize: number },
) {
  const doomed = await transaction(async (tx) => {
    const rows = await tx.query(OLD_MESSAGES, [workspaceId, before, batchSize]);
    if (!rows.length) return rows;
    const ids = rows.map((m) => m.id);
    await removeFiles(await tx.query(OLD_FILES, [ids]));
    await uncite(
      tx,
      (await tx.query(CITED, [ids])).map((r) => r.id),
    );
    await tx.query(DELETE_MESSAGES, [ids, before]);
    return rows;
  });
  // Once committed: a process that reloads the conversations' vectors then finds them gone.
  await forgetVectors(client, {
    conversationIds: [...new Set(doomed.map((m) => m.conversation_id))],
    watermarks: false,
  });
  return doomed.length;
}

// Exports whose link expired: the archive's file is deleted, the row stays as the record that it was made.
const EXPIRED_EXPORTS = query("retention.expiredExports", {
  text: `UPDATE exports SET status = 'expired'
    WHERE id IN (SELECT id FROM exports WHERE status = 'ready' AND expires_at <= $1::timestamptz
                 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING id`,
});

async function pruneExports(client: Sql, { now, batchSize }: { now: Date; batchSize: number }) {
  const expired = await client.query(EXPIRED_EXPORTS, [now, batchSize]);
  for (const { id } of expired) await rm(archivePath(id), { force: true });
  return expired.length;
}

const OAUTH_RECORDS = query("retention.oauthRecords", {
  text: `WITH doomed AS (
     SELECT model, id FROM oauth_provider_records WHERE expires_at <= $1::timestamptz
      ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED
   ), gone AS (
     DELETE FROM oauth_provider_records r USING doomed WHERE r.model = doomed.model AND r.id = doomed.id RETURNING 1
   )
   SELECT count(*)::int AS n FROM gone`,
  notNull: ["n"],
});

export interface PruneOptions {
  now?: Date;
  /** Stop starting batches after this long (default 20 s); the next run goes on. */
  budgetMs?: number;
  /** Rows per batch (default 2000). */
  batchSize?: number;
  windows?: RetentionWindows;
  client?: Sql;
}

export interface PruneResult {
  /** Rows deleted per table (webhook_attempts: deleted with their deliveries, not counted). */
  deleted: {
    idempotency_keys: number;
    webhook_deliveries: number;
    job_outbox: number;
    oauth_provider_records: number;
    /** Refused attempts whose whole text was cleared (the row stays). */
    policy_attempt_texts: number;
    /** Messages past their workspace's retention. */
    messages: number;
    /** Export archives past their link's expiry (the file; the row stays, expired). */
    export_archives: number;
  };
  batches: number;
  /** True when every table was pruned to its window; false when the budget ran out first. */
  done: boolean;
  ms: number;
}

export async function pruneExpiredRows(options: PruneOptions = {}): Promise<PruneResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const budgetMs = options.budgetMs ?? 20_000;
  const batchSize = options.batchSize ?? 2000;
  const windows = options.windows ?? retentionWindows();
  const client = options.client ?? sql();
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const deleted = {
    idempotency_keys: 0,
    webhook_deliveries: 0,
    job_outbox: 0,
    oauth_provider_records: 0,
    policy_attempt_texts: 0,
    messages: 0,
    export_archives: 0,
  };
  let batches = 0;
  const retaining = await client.query(RETAINING);
  const steps: [keyof typeof deleted, () => Promise<number>][] = [
    ["idempotency_keys", async () => (await client.query(IDEMPOTENCY, [now, batchSize]))[0]!.n],
    [
      "webhook_deliveries",
      async () => (await client.query(SUCCEEDED, [before(windows.deliveryDays), batchSize]))[0]!.n,
    ],
    [
      "webhook_deliveries",
      async () => (await client.query(FAILED, [before(windows.failedDeliveryDays), batchSize]))[0]!.n,
    ],
    ["job_outbox", async () => (await client.query(JOB_OUTBOX, [before(JOB_OUTBOX_RETENTION_DAYS), batchSize]))[0]!.n],
    ["oauth_provider_records", async () => (await client.query(OAUTH_RECORDS, [now, batchSize]))[0]!.n],
    [
      "policy_attempt_texts",
      async () => (await client.query(ATTEMPT_TEXTS, [before(ATTEMPT_TEXT_RETENTION_DAYS), batchSize]))[0]!.n,
    ],
    ["export_archives", () => pruneExports(client, { now, batchSize })],
    ...retaining.map(({ workspace_id, days }): [keyof typeof deleted, () => Promise<number>] => [
      "messages",
      () => pruneMessages(client, { workspaceId: workspace_id, before: before(days), batchSize }),
    ]),
  ];
  const outOfTime = () => performance.now() - started >= budgetMs;
  for (const [table, batch] of steps) {
    for (;;) {
      if (outOfTime()) return { deleted, batches, done: false, ms: performance.now() - started };
      const n = await batch();
      batches++;
      deleted[table] += n;
      // A short batch: nothing older is left (rows a send held locked are taken by the next run).
      if (n < batchSize) break;
    }
  }
  return { deleted, batches, done: true, ms: performance.now() - started };
}
