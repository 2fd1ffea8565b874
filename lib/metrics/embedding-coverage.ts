import { query, type Sql } from "@/lib/db/sql";

// How much of contact memory each embedding model covers (docs/decisions/040-switching-encoders.md): what the gauge
// relay_embedding_coverage_ratio and `npm run cli -- embeddings status` report while a switch of model re-embeds
// everything. One definition for both, read from the same tables the embedding job reads (lib/memory/embed-pending.ts):
//   - messages are counted by position: a conversation linked to a contact has `last_seq` of them, and a model covers
//     those up to its watermark in `embedding_progress` (system messages included, which the job skips but counts
//     past), so the figure costs one scan of conversations and of the watermarks, never a count of all messages;
//   - facts (candidate and confirmed, the ones the job embeds) are few: counted exactly, with their vectors per model
//     read through the primary key's `subject_type = 'fact'` prefix.

const COVERAGE = query("metrics.embeddingCoverage", {
  text: `WITH linked AS (
       SELECT c.id, c.last_seq FROM conversations c
        WHERE c.last_seq > 0
          AND EXISTS (SELECT 1 FROM conversation_participants cp WHERE cp.conversation_id = c.id AND cp.contact_id IS NOT NULL)),
     live_facts AS (SELECT f.id FROM contact_facts f WHERE f.status IN ('candidate', 'confirmed')),
     per_model AS (
       SELECT p.model, sum(LEAST(p.embedded_seq, l.last_seq))::float8 AS messages, 0::float8 AS facts
         FROM embedding_progress p JOIN linked l ON l.id = p.conversation_id
        GROUP BY p.model
       UNION ALL
       SELECT e.model, 0, count(*)::float8
         FROM embeddings e JOIN live_facts f ON f.id = e.subject_id
        WHERE e.subject_type = 'fact'
        GROUP BY e.model
       UNION ALL
       SELECT $1::text, 0, 0)
   SELECT m.model, sum(m.messages)::float8 AS messages, sum(m.facts)::float8 AS facts,
          (SELECT COALESCE(sum(last_seq), 0) FROM linked)::float8 AS total_messages,
          (SELECT count(*) FROM live_facts)::float8 AS total_facts
     FROM per_model m
    GROUP BY m.model
    ORDER BY m.model`,
  notNull: ["model", "messages", "facts", "total_messages", "total_facts"],
});

export interface ModelCoverage {
  model: string;
  /** The model embeddingModelId() names now: the one search compares. */
  current: boolean;
  /** Message positions covered (see above). */
  messages: number;
  facts: number;
  /** messages + facts. */
  embedded: number;
  /** embedded / total, 1 when there is nothing to embed. */
  ratio: number;
}

export interface EmbeddingCoverage {
  total: { messages: number; facts: number; all: number };
  /** Every model with a watermark or a fact vector, and the current one (covering nothing yet, after a switch). */
  models: ModelCoverage[];
}

/** Each model's coverage of contact memory; `currentModel` is always among them. */
export async function readEmbeddingCoverage(sql: Sql, currentModel: string): Promise<EmbeddingCoverage> {
  const rows = await sql.query(COVERAGE, [currentModel]);
  const total = {
    messages: rows[0]?.total_messages ?? 0,
    facts: rows[0]?.total_facts ?? 0,
    all: (rows[0]?.total_messages ?? 0) + (rows[0]?.total_facts ?? 0),
  };
  return {
    total,
    models: rows.map((row) => {
      const embedded = row.messages + row.facts;
      return {
        model: row.model,
        current: row.model === currentModel,
        messages: row.messages,
        facts: row.facts,
        embedded,
        ratio: total.all === 0 ? 1 : Math.min(1, embedded / total.all),
      };
    }),
  };
}
