import { query, sql as pooled, transaction, type Sql } from "@/lib/db/sql";
import { databaseUrl } from "@/lib/db/url";
import { embedTexts, embeddingModelId } from "@/lib/embeddings/encoder";
import { ensureHnswIndex } from "./pgvector";
import { retireOtherModels, RETIRE_QUIET_MS } from "./retire-embedding-models";
import { storeVectors } from "./store-vectors";
import { log } from "@/lib/log";

// Embeddings for contact search, computed off the request path (docs/design.md#embeddings). The job
// `embed_pending` embeds what has no vector for the current model yet: candidate and confirmed facts (found by an
// anti-join: facts are few), and messages of conversations linked to a contact (found through the per-conversation
// watermark `embedding_progress`: one scan of conversations, never of all messages). It runs in its own named
// queue, so runs never overlap, for at most 20 seconds (jobs/tasks/embed-pending.ts), then queues itself again if
// work remains.
//
// What queues it: a fact write (a trigger, in the write's transaction: migration 20261123110000), the worker
// hearing new messages on `relay_conversation` (at most once a second per process: jobs/worker.ts), and a crontab
// entry every minute as the safety net. `npm run cli -- embeddings backfill` runs the same function to the end.
//
// A switch of model (a new local encoder, or EMBEDDINGS_BASE_URL/EMBEDDINGS_MODEL changed) needs nothing more: the
// current model, embeddingModelId(), has no vector and no watermark yet, so this same job re-embeds everything in
// the same order, facts first, then the most recently active conversations, and live messages keep going first
// because their conversation is the most recent. Search meanwhile compares only the current model's vectors and finds
// the rest by words (lib/memory/search-contact.ts). Once the current model covers everything, the job deletes the
// other models' vectors in batches after a quiet period (lib/memory/retire-embedding-models.ts;
// docs/decisions/040-switching-encoders.md). `npm run cli -- embeddings status` shows the progress.

export const EMBED_TASK = "embed_pending";
export const EMBED_QUEUE = "relay_embeddings";
export const EMBED_JOB_KEY = "embed_pending";
export const DEFAULT_BATCH = 64;

export interface EmbedOptions {
  /** Only this workspace (the CLI's --workspace). */
  workspaceId?: string;
  /** Texts per model call and per write transaction. */
  batch?: number;
  /** Stop after this long (checked between batches); `more` then says whether work remains. Default: no limit. */
  budgetMs?: number;
  /**
   * How long another model must have written nothing before its vectors are deleted, once the current model covers
   * everything (default RETIRE_QUIET_MS, an hour). Never with `workspaceId`: one workspace done says nothing of the rest.
   */
  retireQuietMs?: number;
  /**
   * When the last look found nothing to delete now (no other model, or only models in their quiet period), look again
   * only after this long in this process (default a minute; 0: at every run). A run may come every second under
   * traffic, and the look is a scan of the watermarks.
   */
  retireCheckEveryMs?: number;
}

export interface EmbedResult {
  embedded: number;
  messages: number;
  facts: number;
  model: string;
  /** Vectors of retired models deleted. */
  retired: number;
  /** Work remained when the budget ran out. */
  more: boolean;
}

const QUEUE = query("embeddings.queue", {
  text: `SELECT count(*)::int AS n FROM relay_enqueue_job($1, '{}'::json, queue_name := $2, job_key := $3)`,
});
const PENDING_FACTS = query("embeddings.pendingFacts", {
  text: `SELECT f.id, f.workspace_id, f.fact FROM contact_facts f
    WHERE f.status IN ('candidate', 'confirmed') AND ($3::uuid IS NULL OR f.workspace_id = $3)
      AND NOT EXISTS (SELECT 1 FROM embeddings e WHERE e.subject_type = 'fact' AND e.subject_id = f.id AND e.model = $1)
    ORDER BY f.created_at LIMIT $2`,
});
const ADVANCE = query("embeddings.advance", {
  text: `INSERT INTO embedding_progress (conversation_id, model, embedded_seq)
   SELECT c, $2, s FROM unnest($1::uuid[], $3::int4[]) AS p(c, s)
   ON CONFLICT (conversation_id, model) DO UPDATE
     SET embedded_seq = GREATEST(embedding_progress.embedded_seq, EXCLUDED.embedded_seq), updated_at = now()`,
});
const PENDING_CONVERSATIONS = query("embeddings.pendingConversations", {
  text: `SELECT c.id, c.last_seq, COALESCE(p.embedded_seq, 0) AS done
     FROM conversations c
     LEFT JOIN embedding_progress p ON p.conversation_id = c.id AND p.model = $1
    WHERE c.last_seq > COALESCE(p.embedded_seq, 0) AND ($3::uuid IS NULL OR c.workspace_id = $3)
      AND EXISTS (SELECT 1 FROM conversation_participants cp WHERE cp.conversation_id = c.id AND cp.contact_id IS NOT NULL)
    ORDER BY c.last_message_at DESC NULLS LAST
    LIMIT $2`,
  notNull: ["done"],
});
const PENDING_MESSAGES = query("embeddings.pendingMessages", {
  text: `SELECT m.id, c.workspace_id, m.seq, m.body, m.kind
     FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE m.conversation_id = $1 AND m.seq > $2 AND m.seq <= $3
    ORDER BY m.seq LIMIT $4`,
});

/** Queues the embedding job (one queued job however often it is called; a running one is followed by one more). */
export async function queueEmbedPending(sql: Sql = pooled()): Promise<void> {
  await sql.query(QUEUE, [EMBED_TASK, EMBED_QUEUE, EMBED_JOB_KEY]);
}

/**
 * Vectors and their watermark are made again from the text if a crash forgets them: their commits do not wait for the
 * disk, so the sends' commits do not queue behind their flushes (issue 36; docs/decisions/041).
 */
const DERIVED = { waitForDisk: false };

/** The job's body: embeds pending facts, then pending messages, in batches, until done or out of budget. */
export async function embedPending(options: EmbedOptions = {}): Promise<EmbedResult> {
  const model = embeddingModelId();
  const batch = Math.max(1, options.batch ?? DEFAULT_BATCH);
  const deadline = options.budgetMs === undefined ? Infinity : Date.now() + options.budgetMs;
  const result: EmbedResult = { embedded: 0, messages: 0, facts: 0, model, retired: 0, more: false };
  const db = pooled();

  for (;;) {
    const facts = await db.query(PENDING_FACTS, [model, batch, options.workspaceId ?? null]);
    if (facts.length === 0) break;
    const vectors = await embed(
      model,
      facts.map((f) => f.fact),
    );
    await transaction(
      (tx) =>
        storeVectors(tx, {
          subjectType: "fact",
          model,
          vectors: facts.map((f, i) => ({ id: f.id, workspaceId: f.workspace_id, vector: vectors[i]! })),
        }),
      DERIVED,
    );
    result.facts += facts.length;
    if (Date.now() > deadline) return { ...result, embedded: result.facts + result.messages, more: true };
  }

  for (;;) {
    const work = await pendingMessages(db, model, batch, options.workspaceId ?? null);
    if (work.messages.length === 0 && work.progress.length === 0) break;
    const vectors = await embed(
      model,
      work.messages.map((m) => m.body),
    );
    await transaction(async (tx) => {
      await storeVectors(tx, {
        subjectType: "message",
        model,
        vectors: work.messages.map((m, i) => ({ id: m.id, workspaceId: m.workspace_id, vector: vectors[i]! })),
      });
      await tx.query(ADVANCE, [work.progress.map((p) => p.conversationId), model, work.progress.map((p) => p.seq)]);
    }, DERIVED);
    result.messages += work.messages.length;
    if (Date.now() > deadline) return { ...result, embedded: result.facts + result.messages, more: true };
  }

  // Everything has a vector of the current model: other models' vectors may go (after their quiet period).
  const checked = `${databaseUrl()}|${model}`;
  const every = options.retireCheckEveryMs ?? RETIRE_CHECK_EVERY_MS;
  if (options.workspaceId === undefined && Date.now() - (idleRetireCheck.get(checked) ?? -Infinity) >= every) {
    const retired = await retireOtherModels({
      current: model,
      quietMs: options.retireQuietMs ?? RETIRE_QUIET_MS,
      deadline,
    });
    result.retired = retired.deleted;
    result.more = retired.more;
    if (retired.deleted === 0 && !retired.more) idleRetireCheck.set(checked, Date.now());
    else idleRetireCheck.delete(checked);
  }
  return { ...result, embedded: result.facts + result.messages };
}

const RETIRE_CHECK_EVERY_MS = 60_000;
/** Per database and model: when the last look for models to retire found nothing to delete. */
const idleRetireCheck = new Map<string, number>();

const indexed = new Set<string>();

async function embed(model: string, texts: string[]): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  const embeddings = await embedTexts(texts);
  // The configuration cannot change inside a process (env is read once), so this only guards against a mismatch.
  if (embeddings.model !== model) throw new Error(`embedded with ${embeddings.model}, expected ${model}`);
  const key = `${databaseUrl()}|${model}`;
  if (!indexed.has(key)) {
    indexed.add(key);
    // Search works without the index (pgvector then scans the contact's rows): a failure here must not stop embedding.
    await ensureHnswIndex(model, embeddings.dims).catch((error: Error) => {
      log().warn({ err: error, model }, "embeddings: HNSW index not created");
    });
  }
  return embeddings.vectors;
}

interface PendingMessages {
  messages: { id: string; workspace_id: string; body: string }[];
  /** The watermark each conversation reaches once these messages are stored. */
  progress: { conversationId: string; seq: number }[];
}

/**
 * Up to `batch` messages past their conversation's watermark, most recently active conversations first (what people
 * talk about now is searchable soonest), gathered across conversations so live traffic still fills a model call.
 * System messages are skipped, not embedded; the watermark moves past them.
 */
async function pendingMessages(
  db: Sql,
  model: string,
  batch: number,
  workspaceId: string | null,
): Promise<PendingMessages> {
  const conversations = await db.query(PENDING_CONVERSATIONS, [model, batch, workspaceId]);
  const out: PendingMessages = { messages: [], progress: [] };
  for (const conversation of conversations) {
    const room = batch - out.messages.length;
    if (room <= 0) break;
    const rows = await db.query(PENDING_MESSAGES, [conversation.id, conversation.done, conversation.last_seq, room]);
    // Fewer rows than room: the conversation is done up to last_seq (seqs are gapless; a missing row was rolled back
    // with its seq). Otherwise it is done up to the last row read.
    const reached = rows.length < room ? conversation.last_seq : rows[rows.length - 1]!.seq;
    out.messages.push(...rows.filter((m) => m.kind !== "system"));
    out.progress.push({ conversationId: conversation.id, seq: reached });
  }
  return out;
}
