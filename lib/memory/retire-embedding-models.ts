import { query, sql as pooled, type Sql } from "@/lib/db/sql";
import { databaseUrl } from "@/lib/db/url";
import { log } from "@/lib/log";
import { dropHnswIndexesExcept } from "./pgvector";

// The end of a switch of embedding model (docs/decisions/040-switching-encoders.md). Vectors of other models than the
// current one are kept while the current model re-embeds, so that switching back in the meantime costs only what
// arrived since; search never reads them. Once the current model covers everything (the embedding job found nothing
// left to embed) and another model has had nothing written for `quietMs` (an hour by default: long enough to notice a
// bad switch and go back cheaply, and proof that no process still embeds with it), its vectors are deleted in small
// batches by the embedding job itself (lib/memory/embed-pending.ts), within its time budget, off the send path. Then
// its watermarks, and once no other model is left, the other models' HNSW indexes.
//
// Messages are deleted per conversation from the top of its watermark down, one range of seqs per statement, the
// watermark lowered in the same statement: the watermark's promise (every message up to it has a vector of the model)
// holds at every step, so a switch back in the middle of a retirement re-embeds exactly what is gone. The rows are
// found through the (conversation_id, seq) index and the primary key, never by scanning `embeddings` for a model.

export const RETIRE_QUIET_MS = 60 * 60 * 1000;
/** Message positions per delete statement (a vector is ~2 KB of floats plus its int8 codes). */
export const RETIRE_CHUNK = 1000;

const OTHER_MODELS = query("embeddings.otherModels", {
  text: `SELECT model, max(last_write) AS last_write FROM (
       SELECT model, max(updated_at) AS last_write FROM embedding_progress WHERE model <> $1 GROUP BY model
       UNION ALL
       SELECT model, max(created_at) FROM embeddings WHERE subject_type = 'fact' AND model <> $1 GROUP BY model) t
    GROUP BY model
    ORDER BY model`,
  notNull: ["model", "last_write"],
});
const RETIRE_FACTS = query("embeddings.retireFacts", {
  text: `WITH doomed AS (
       SELECT subject_id, model FROM embeddings WHERE subject_type = 'fact' AND model = ANY($1::text[]) LIMIT $2),
     gone AS (
       DELETE FROM embeddings e USING doomed d
        WHERE e.subject_type = 'fact' AND e.subject_id = d.subject_id AND e.model = d.model
       RETURNING 1)
   SELECT count(*)::int AS n FROM gone`,
  notNull: ["n"],
});
const RETIRING_WATERMARKS = query("embeddings.retiringWatermarks", {
  text: `SELECT conversation_id, model, embedded_seq FROM embedding_progress WHERE model = ANY($1::text[]) LIMIT $2`,
});
// The watermark is lowered without touching updated_at: that column says when the model last wrote, and the quiet
// period is measured from it.
const RETIRE_RANGE = query("embeddings.retireRange", {
  text: `WITH gone AS (
       DELETE FROM embeddings e USING messages m
        WHERE m.conversation_id = $1 AND m.seq > $3 AND m.seq <= $4
          AND e.subject_type = 'message' AND e.subject_id = m.id AND e.model = $2
       RETURNING 1),
     lowered AS (
       UPDATE embedding_progress SET embedded_seq = $3
        WHERE conversation_id = $1 AND model = $2 AND $3 > 0
       RETURNING 1),
     dropped AS (
       DELETE FROM embedding_progress WHERE conversation_id = $1 AND model = $2 AND $3 = 0
       RETURNING 1)
   SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT count(*) FROM lowered)::int + (SELECT count(*) FROM dropped)::int AS moved`,
  notNull: ["n", "moved"],
});

export interface OtherModel {
  model: string;
  /** When it last wrote a vector or moved a watermark. */
  lastWrite: Date;
  /** When its vectors may be deleted, once the current model covers everything. */
  retireAfter: Date;
}

/** The models other than `current` that still have vectors or watermarks, with when each may be retired. */
export async function otherEmbeddingModels(
  current: string,
  { quietMs = RETIRE_QUIET_MS, sql = pooled() }: { quietMs?: number; sql?: Sql } = {},
): Promise<OtherModel[]> {
  const rows = await sql.query(OTHER_MODELS, [current]);
  return rows.map((row) => ({
    model: row.model,
    lastWrite: row.last_write,
    retireAfter: new Date(row.last_write.getTime() + quietMs),
  }));
}

export interface RetireOptions {
  /** The model to keep: embeddingModelId(). */
  current: string;
  quietMs?: number;
  /** Stop once past this time (Date.now() ms), between statements. */
  deadline?: number;
}

export interface RetireResult {
  /** Vectors deleted. */
  deleted: number;
  /** Other models remain that may be retired now: the caller's budget ran out. */
  more: boolean;
  /** Other models remain that are still in their quiet period. */
  waiting: string[];
}

const cleaned = new Set<string>();

/**
 * Deletes, in batches, the vectors and watermarks of every other model whose quiet period is over. The caller must
 * know that the current model covers everything: retiring before would leave rows with no vector at all.
 */
export async function retireOtherModels({
  current,
  quietMs = RETIRE_QUIET_MS,
  deadline = Infinity,
}: RetireOptions): Promise<RetireResult> {
  const db = pooled();
  const now = Date.now();
  const others = await otherEmbeddingModels(current, { quietMs, sql: db });
  const due = others.filter((o) => o.retireAfter.getTime() <= now).map((o) => o.model);
  const waiting = others.filter((o) => o.retireAfter.getTime() > now).map((o) => o.model);
  const result: RetireResult = { deleted: 0, more: false, waiting };
  if (due.length > 0) log().info({ models: due, current }, "embeddings: deleting the vectors of retired models");

  // Each statement is followed by a look at the clock, never preceded: a run always moves, however short its budget.
  const late = () => Date.now() > deadline;
  while (due.length > 0) {
    const [facts] = await db.query(RETIRE_FACTS, [due, RETIRE_CHUNK]);
    result.deleted += facts!.n;
    if (facts!.n < RETIRE_CHUNK) break;
    if (late()) return { ...result, more: true };
  }
  while (due.length > 0) {
    const marks = await db.query(RETIRING_WATERMARKS, [due, 64]);
    if (marks.length === 0) break;
    for (const mark of marks) {
      // A long conversation takes several statements; each leaves the watermark true, so stopping anywhere is safe.
      for (let top = mark.embedded_seq; ;) {
        const low = Math.max(0, top - RETIRE_CHUNK);
        const [gone] = await db.query(RETIRE_RANGE, [mark.conversation_id, mark.model, low, top]);
        result.deleted += gone!.n;
        if (late()) return { ...result, more: true };
        if (low === 0 || gone!.moved === 0) break;
        top = low;
      }
    }
  }

  // The HNSW indexes of models now gone: once no other model is left at all (one still in its quiet period may be
  // switched back to, and would want its index), and once per process and model when there was nothing to delete.
  const key = `${databaseUrl()}|${current}`;
  if (waiting.length === 0 && (due.length > 0 || !cleaned.has(key))) {
    cleaned.add(key);
    const dropped = await dropHnswIndexesExcept(current).catch((error: Error) => {
      log().warn({ err: error }, "embeddings: could not drop the HNSW indexes of retired models");
      return [];
    });
    if (dropped.length > 0) log().info({ indexes: dropped }, "embeddings: dropped the HNSW indexes of retired models");
  }
  if (due.length > 0) log().info({ models: due, deleted: result.deleted }, "embeddings: retired models deleted");
  return result;
}
