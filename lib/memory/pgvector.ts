import { createHash } from "node:crypto";
import { pool } from "@/lib/db/client";
import { databaseUrl } from "@/lib/db/url";
import { toPgVectorLiteral } from "@/lib/embeddings/similarity";

// The pgvector path of contact search (docs/design.md#vector-similarity). Where the `vector` extension is
// installed (managed PostgreSQL has it; the migration creates it when the server offers it), nearest messages come
// from `embedding::vector(N) <=> query` over an HNSW expression index, one partial index per model (the dimensions
// depend on the model, so the index is made at run time by the embedding job, not by a migration). pgvector indexes
// at most 2000 dimensions: larger models use the exact path. A switch to a model of other dimensions gets an index of
// its own beside the old one, whose predicate keeps the new rows out of its cast; the old one is dropped once that
// model's vectors are deleted (lib/memory/retire-embedding-models.ts).

export const HNSW_MAX_DIMS = 2000;
/** Candidates the index walk keeps (hnsw.ef_search; pgvector default 40): 200 bought +0.06-0.08 recall@10 over 100 for ~2 ms (bench/search). */
const EF_SEARCH = 200;

interface Support {
  installed: boolean;
  /** 0.8.0 and later continue an index scan until enough rows pass the filter (hnsw.iterative_scan). */
  iterative: boolean;
}

const detected = new Map<string, Promise<Support>>();

/** Whether this process's database has pgvector: asked once per process (per database URL). */
export function pgvectorSupport(): Promise<Support> {
  const url = databaseUrl() ?? "";
  let support = detected.get(url);
  if (!support) {
    support = pool()
      .query<{ extversion: string }>(`SELECT extversion FROM pg_extension WHERE extname = 'vector'`)
      .then(({ rows }) => {
        const version = rows[0]?.extversion;
        if (!version) return { installed: false, iterative: false };
        const [major = 0, minor = 0] = version.split(".").map(Number);
        return { installed: true, iterative: major > 0 || minor >= 8 };
      });
    support.catch(() => detected.delete(url));
    detected.set(url, support);
  }
  return support;
}

export const sqlLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The name of a model's index: stable, and safe as an identifier whatever the model id holds. */
export const hnswIndexName = (model: string, dims: number) =>
  `embeddings_hnsw_${createHash("sha1").update(model).digest("hex").slice(0, 12)}_${dims}`;

/**
 * Creates the HNSW index for a model's message vectors when pgvector is installed and the dimensions allow it
 * (idempotent; the embedding job calls it once per process and model). Returns whether the index exists.
 */
export async function ensureHnswIndex(model: string, dims: number): Promise<boolean> {
  const support = await pgvectorSupport();
  if (!support.installed || dims > HNSW_MAX_DIMS || dims < 1) return false;
  // The partial predicate is a literal, so queries that name the same literal can use the index.
  await pool().query(
    `CREATE INDEX IF NOT EXISTS "${hnswIndexName(model, dims)}" ON embeddings
       USING hnsw ((embedding::vector(${dims})) vector_cosine_ops)
       WHERE model = ${sqlLiteral(model)} AND subject_type = 'message'`,
  );
  return true;
}

/**
 * Drops the HNSW index of every model but `model` (run once no other model's vectors remain: each index is partial on
 * its model, so an index of a retired model is empty, yet it stays in the catalog and in every plan's choices). An
 * index's name carries a hash of its model (hnswIndexName), so the kept one is found by its prefix whatever its
 * dimensions. CONCURRENTLY: the drop does not block writes or searches on `embeddings` while it waits for them.
 * Returns the names dropped.
 */
export async function dropHnswIndexesExcept(model: string): Promise<string[]> {
  const support = await pgvectorSupport();
  if (!support.installed) return [];
  const keep = hnswIndexName(model, 0).replace(/0$/, "");
  const { rows } = await pool().query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = 'embeddings' AND indexname LIKE 'embeddings\\_hnsw\\_%'`,
  );
  const dropped: string[] = [];
  for (const { name } of rows) {
    if (name.startsWith(keep)) continue;
    await pool().query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`);
    dropped.push(name);
  }
  return dropped;
}

export interface NearMessage {
  id: string;
  cosine: number;
}

export interface NearestMessagesPgvectorOptions {
  /** The conversations to search: already what the caller may read. */
  conversationIds: string[];
  /** The embedding model whose vectors are compared. */
  model: string;
  /** The query's vector, of that model. */
  query: Float32Array;
  /** How many messages to return. */
  depth: number;
}

/** The `depth` messages of these conversations nearest the query, by pgvector's cosine distance. */
export async function nearestMessagesPgvector({
  conversationIds,
  model,
  query,
  depth,
}: NearestMessagesPgvectorOptions): Promise<NearMessage[]> {
  if (conversationIds.length === 0) return [];
  const support = await pgvectorSupport();
  const dims = query.length;
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query(`SET LOCAL hnsw.ef_search = ${Math.max(EF_SEARCH, depth)}`);
    // Without iterative scans, an index walk returns ef_search rows before the conversation filter, so a contact
    // with a small share of the rows could get few or none: pgvector 0.8 keeps walking until `depth` rows pass.
    if (support.iterative) await client.query(`SET LOCAL hnsw.iterative_scan = relaxed_order`);
    const distance = `e.embedding::vector(${dims}) <=> $1::vector(${dims})`;
    const { rows } = await client.query<{ id: string; distance: number }>(
      `SELECT m.id, ${distance} AS distance
         FROM embeddings e
         JOIN messages m ON m.id = e.subject_id
        WHERE e.model = ${sqlLiteral(model)} AND e.subject_type = 'message'
          AND m.conversation_id = ANY($2::uuid[]) AND m.kind <> 'system'
        ORDER BY ${distance}
        LIMIT $3`,
      [toPgVectorLiteral(query), conversationIds, depth],
    );
    await client.query("COMMIT");
    // relaxed_order may return near-ties slightly out of order: sort by the distance itself.
    return rows.map((row) => ({ id: row.id, cosine: 1 - Number(row.distance) })).sort((a, b) => b.cosine - a.cosine);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
