import { subscribe } from "@/lib/db/listener";
import { query, sql as pooled, type RowOf } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { readFloat4Array } from "./array-send";
import { Int8Matrix, paddedDims, quantize } from "./int8-dot";

// The exact vector path's working set (docs/design.md#vector-similarity, without pgvector). Reading 100,000
// vectors of 512 floats from PostgreSQL per query takes seconds, so each process keeps the message vectors of the
// conversations it has searched, quantized to int8 (~0.5 KB per 512-dim vector, a quarter of float32), one block per
// (conversation, model). A block is extended, never reloaded: `embedding_progress` says up to which seq each
// conversation is embedded, and a search reads just the rows between what a block holds and that watermark.
//
// Memory is bounded: blocks are kept in least-recently-used order and evicted once their total passes
// SEARCH_VECTOR_CACHE_MB (default 128 MB, ~250,000 vectors of 512 dims). A search that alone needs more than the
// budget still runs; its blocks are dropped right after, so the bound is exceeded only while that search runs.

interface Block {
  key: string;
  conversationId: string;
  model: string;
  matrix: Int8Matrix;
  seqs: Int32Array;
  scales: Float32Array;
  /** Every embedded message with seq <= this is in the block. */
  embeddedSeq: number;
  refreshing: Promise<void> | null;
}

export interface VectorCandidate {
  conversationId: string;
  seq: number;
  /** int8 estimate of the cosine; the caller re-ranks with the stored float vectors. */
  estimate: number;
}

type Store = { blocks: Map<string, Block>; bytes: number };
const cache = processSingleton<Store>("__relayVectorCache", () => ({ blocks: new Map(), bytes: 0 }));

const budgetBytes = () => env().SEARCH_VECTOR_CACHE_MB * 1024 * 1024;
const blockBytes = (block: Block) => block.matrix.bytes + block.seqs.byteLength + block.scales.byteLength;

/** What the cache holds now (for tests and the benchmark). */
export function vectorCacheStats() {
  return { blocks: cache.blocks.size, bytes: cache.bytes, budget: budgetBytes() };
}

/**
 * The channel on which an erasure (lib/privacy/run-erasure.ts) names conversations whose vectors it removed, comma
 * separated: every process drops their blocks. While the LISTEN connection is down nothing says so, so a reset drops
 * every block (they are loaded again from what the database holds).
 */
export const FORGET_VECTORS_CHANNEL = "relay_vectors_forgotten";

const forgetConversations = (payload: string) => {
  const gone = new Set(payload.split(","));
  for (const block of [...cache.blocks.values()]) if (gone.has(block.conversationId)) forget(block);
};
const listenForErasures = () =>
  subscribe(FORGET_VECTORS_CHANNEL, { handler: forgetConversations, onReset: clearVectorCache });

/** Drops these conversations' blocks in this process (the erasure NOTIFYs the others). */
export function forgetConversationVectors(conversationIds: string[]) {
  forgetConversations(conversationIds.join(","));
}

/** The conversations whose vectors this process holds now (for tests: an erasure must leave none of its own). */
export function cachedConversations(): string[] {
  return [...new Set([...cache.blocks.values()].map((block) => block.conversationId))];
}

export function clearVectorCache() {
  cache.blocks.clear();
  cache.bytes = 0;
}

export interface NearestMessagesOptions {
  /** The conversations to search: must already be what the caller may read. */
  conversationIds: string[];
  /** The embedding model whose stored vectors are compared. */
  model: string;
  /** The query's vector, of that model. */
  query: Float32Array;
  /** How many candidates to return. */
  depth: number;
}

/**
 * The `depth` messages of these conversations whose stored vectors (of `model`) are nearest the query, by int8
 * estimate.
 */
export async function nearestMessages({
  conversationIds,
  model,
  query,
  depth,
}: NearestMessagesOptions): Promise<VectorCandidate[]> {
  const blocks = await currentBlocks(conversationIds, model, query.length);
  const q = new Int8Array(paddedDims(query.length));
  const queryScale = quantize(query, { codes: q });
  const top = new TopK(depth);
  for (const block of blocks) {
    if (block.matrix.rows === 0) continue;
    const scores = block.matrix.scores(q);
    const { scales, seqs } = block;
    for (let i = 0; i < scores.length; i++) {
      const estimate = scores[i]! * scales[i]! * queryScale;
      if (estimate > top.floor) top.add(estimate, block, seqs[i]!);
    }
  }
  trim(new Set(blocks));
  return top.items().map(({ score, block, seq }) => ({ conversationId: block.conversationId, seq, estimate: score }));
}

const PROGRESS = query("vectorCache.progress", {
  text: `SELECT conversation_id, embedded_seq FROM embedding_progress WHERE model = $1 AND conversation_id = ANY($2::uuid[])`,
});

/** The blocks of these conversations, brought up to their embedding watermark (loading what they miss). */
async function currentBlocks(conversationIds: string[], model: string, dims: number): Promise<Block[]> {
  if (conversationIds.length === 0) return [];
  await listenForErasures();
  const db = pooled();
  const rows = await db.query(PROGRESS, [model, conversationIds]);
  const blocks: Block[] = [];
  const stale: { block: Block; upTo: number }[] = [];
  for (const row of rows) {
    const key = `${row.conversation_id}\u0000${model}`;
    let block = cache.blocks.get(key);
    if (block && block.matrix.dims !== dims) {
      forget(block); // the model's dimensions changed under the same id: start over
      block = undefined;
    }
    if (!block) {
      block = {
        key,
        conversationId: row.conversation_id,
        model,
        matrix: new Int8Matrix(dims),
        seqs: new Int32Array(0),
        scales: new Float32Array(0),
        embeddedSeq: 0,
        refreshing: null,
      };
      cache.blocks.set(key, block);
      cache.bytes += blockBytes(block);
    } else {
      cache.blocks.delete(key); // most recently used goes last
      cache.blocks.set(key, block);
    }
    blocks.push(block);
    if (block.embeddedSeq < row.embedded_seq) stale.push({ block, upTo: row.embedded_seq });
  }
  const mine = stale.filter(({ block }) => !block.refreshing);
  if (mine.length > 0) {
    const loading = loadDeltas(mine, model);
    for (const { block } of mine) {
      block.refreshing = loading.finally(() => {
        block.refreshing = null;
      });
    }
  }
  // Another search may be extending some of these blocks already: wait for it rather than load them twice.
  await Promise.all(stale.map(({ block }) => block.refreshing));
  return blocks;
}

/** Seqs per statement while loading (so at most as many rows): bounds a load's transient memory. */
const LOAD_CHUNK = 5000;

/**
 * A range of a conversation's rows: the stored int8 codes and scale, or (rows written before they were stored) the
 * floats. Unnamed: a named statement gets a generic plan after five runs, and for this range query a generic plan
 * was measured 4x slower on a 100,000-message conversation.
 */
const LOAD_RANGE = query("vectorCache.loadRange", {
  text: `SELECT m.seq, e.int8_codes AS codes, e.int8_scale AS scale,
          CASE WHEN e.int8_codes IS NULL THEN array_send(e.embedding) END AS embedding
     FROM messages m
     JOIN embeddings e ON e.subject_type = 'message' AND e.subject_id = m.id AND e.model = $4
    WHERE m.conversation_id = $1 AND m.seq > $2 AND m.seq <= $3
    ORDER BY m.seq`,
  prepared: false,
});
type LoadedRow = RowOf<"vectorCache.loadRange">;

/** Ranges read at once by a load: it holds at most this many ranges' rows before appending them. */
const LOADS_IN_FLIGHT = 2;

/**
 * Reads the rows each block misses along the (conversation_id, seq) index, in seq ranges of LOAD_CHUNK (so at most
 * that many rows each), two ranges at a time on two connections, so that PostgreSQL reads the next range on one core
 * while this process takes in the last one: the int8 codes the writer stored (lib/memory/store-vectors.ts), or for
 * older rows the vector as `array_send` bytes (lib/memory/array-send.ts) to quantize here. Ranges are appended in
 * order, so after each one the block is consistent: it holds every embedded message up to its new `embeddedSeq` (a
 * failed load leaves it there; the next search continues).
 */
async function loadDeltas(wanted: { block: Block; upTo: number }[], model: string): Promise<void> {
  const range = (block: Block, after: number, upTo: number) =>
    pooled().query(LOAD_RANGE, [block.conversationId, after, upTo, model]);
  for (const { block, upTo } of wanted) {
    const ranges: [number, number][] = [];
    for (let after = block.embeddedSeq; after < upTo; after += LOAD_CHUNK)
      ranges.push([after, Math.min(after + LOAD_CHUNK, upTo)]);
    const reading: Promise<LoadedRow[]>[] = []; // the ranges in flight, oldest first
    let requested = 0;
    const readNext = () => {
      const next = ranges[requested++];
      if (!next) return;
      const rows = range(block, next[0], next[1]);
      rows.catch(() => undefined); // awaited in order below; this only keeps an early failure from going unhandled
      reading.push(rows);
    };
    for (let i = 0; i < LOADS_IN_FLIGHT; i++) readNext();
    for (const [, last] of ranges) {
      const rows = await reading.shift()!;
      readNext();
      appendRows(block, rows);
      block.embeddedSeq = last;
    }
  }
}

function appendRows(block: Block, rows: LoadedRow[]) {
  const { stride, dims } = block.matrix;
  const bytesBefore = blockBytes(block);
  const before = block.matrix.rows;
  const staged = new Int8Array(stride * rows.length);
  const seqs = new Int32Array(before + rows.length);
  const scales = new Float32Array(before + rows.length);
  seqs.set(block.seqs);
  scales.set(block.scales);
  let n = 0;
  for (const { seq, codes, scale, embedding } of rows) {
    if (codes && scale !== null) {
      if (codes.length !== dims) continue; // a vector of other dimensions under this model id: not comparable
      staged.set(new Int8Array(codes.buffer, codes.byteOffset, codes.length), n * stride);
      scales[before + n] = scale;
    } else {
      const values = readFloat4Array(embedding!);
      if (values.length !== dims) continue;
      scales[before + n] = quantize(values, { codes: staged, offset: n * stride });
    }
    seqs[before + n] = seq;
    n++;
  }
  block.matrix.append(staged.subarray(0, n * stride), n);
  block.seqs = seqs.subarray(0, before + n);
  block.scales = scales.subarray(0, before + n);
  if (cache.blocks.get(block.key) === block) cache.bytes += blockBytes(block) - bytesBefore;
}

function forget(block: Block) {
  if (cache.blocks.get(block.key) !== block) return;
  cache.blocks.delete(block.key);
  cache.bytes -= blockBytes(block);
}

/** Evicts least recently used blocks until the cache fits its budget; `inUse` goes last (it was just used). */
function trim(inUse: Set<Block>) {
  const budget = budgetBytes();
  for (const block of cache.blocks.values()) {
    if (cache.bytes <= budget) return;
    if (!inUse.has(block) && !block.refreshing) forget(block);
  }
  for (const block of inUse) {
    if (cache.bytes <= budget) return;
    if (!block.refreshing) forget(block);
  }
}

/** The k highest scores seen, kept sorted descending (k is small; most scores fall below the floor at once). */
class TopK {
  private scores: number[] = [];
  private entries: { score: number; block: Block; seq: number }[] = [];
  floor = -Infinity;

  constructor(private readonly k: number) {}

  add(score: number, block: Block, seq: number) {
    let i = this.scores.length;
    while (i > 0 && this.scores[i - 1]! < score) i--;
    this.scores.splice(i, 0, score);
    this.entries.splice(i, 0, { score, block, seq });
    if (this.scores.length > this.k) {
      this.scores.pop();
      this.entries.pop();
    }
    if (this.scores.length === this.k) this.floor = this.scores[this.k - 1]!;
  }

  items() {
    return this.entries;
  }
}
