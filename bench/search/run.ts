import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { disconnectDb } from "@/lib/db/client";
import { ensureEmbeddedPostgres, type EmbeddedServer } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { createDatabaseIfMissing } from "@/lib/db/setup";
import { sql } from "@/lib/db/sql";
import { selectDatabase } from "@/lib/db/url";
import { embeddingModelId, embedTexts } from "@/lib/embeddings/encoder";
import { dot, normalize, toPgVectorLiteral } from "@/lib/embeddings/similarity";
import { readFloat4Array } from "@/lib/memory/array-send";
import { buildContextPack } from "@/lib/memory/context-pack";
import { embedPending } from "@/lib/memory/embed-pending";
import { ensureHnswIndex, hnswIndexName, nearestMessagesPgvector } from "@/lib/memory/pgvector";
import { searchContact } from "@/lib/memory/search-contact";
import { storeVectors } from "@/lib/memory/store-vectors";
import { clearVectorCache, nearestMessages, vectorCacheStats } from "@/lib/memory/vector-cache";
import { seedWorld } from "@/lib/seed/seed-world";
import { fmt, percentile, seededBotPrincipal, seededRandom } from "../lib";
import { sentences } from "./filler";

// bench/search (issue 5): contact search over a contact with 10,000 and then 100,000 messages, in-process (the domain
// function GET /contacts/{id}/search wraps: access check, full-text search, query embedding, vector side, fusion,
// hydration; no HTTP). Figures: search p50/p95 on the exact path (embedded PostgreSQL 18, no pgvector) and, when
// PGVECTOR_URL names a server with pgvector (scripts/pgvector-server.ts), on the pgvector path with recall@10 of its
// vector side against the exact path's; context pack p50; the backfill's embedding throughput with the real encoder.
//
// Data: varied sentences from a seeded grammar (names, products, amounts, dates, order codes). The first 10,000 are
// embedded by the backfill itself (embedPending, the real local encoder). The next 90,000 get synthesized vectors:
// each a normalized mix of two real vectors of the first 10,000 plus noise, so they fall in the same regions of the
// space as real sentences (embedding 100,000 sentences takes ~20 minutes on this machine). Those 90,000 vectors do
// not match their texts: figures at 100,000 measure speed and pgvector's recall, not relevance.
//
//   npm run bench:search                                     # exact path only
//   PGVECTOR_URL=$(npx tsx scripts/pgvector-server.ts start) npm run bench:search

const SMALL = Number(process.env.BENCH_SMALL ?? 10_000);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PGVECTOR_URL = process.env.PGVECTOR_URL;

// ---- data ----------------------------------------------------------------------------------------------------

const QUERIES = [
  "when will she pay the invoice",
  "money back for the wrong colour",
  "driver late in traffic",
  "customs documents",
  "quote for chairs",
  "move the meeting",
  "damaged delivery",
  "is it in stock",
  "contract signature",
  "discount deadline",
  "holiday",
  "walnut table",
  "Lisbon",
  "INV-4",
  "the",
  "to be or not to be",
  "who is handling the sofa",
  "boxes broken on arrival",
  "reorder from supplier",
  "split shipment",
];

// ---- databases -----------------------------------------------------------------------------------------------

interface Target {
  label: string;
  url: string;
  bot: BotPrincipal;
  contactId: string;
  conversationIds: string[];
  workspaceId: string;
}

async function switchDatabase(url: string) {
  await disconnectDb();
  selectDatabase(url);
}

async function prepare(label: string, adminUrl: string, dropAfter: string[]): Promise<Target> {
  const name = `relay_bench_search_${Date.now().toString(36)}`;
  await createDatabaseIfMissing(adminUrl, { name });
  dropAfter.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString());
  await switchDatabase(url.toString());
  const world = await seedWorld();
  return {
    label,
    url: url.toString(),
    bot: seededBotPrincipal(world),
    contactId: world.contacts[0]!.id,
    conversationIds: [world.conversations[0]!.id],
    workspaceId: world.workspace.id,
  };
}

/** Bulk insert of people's messages (a fixture: the product's one door is for single messages under a policy). */
async function insertMessages(conversationId: string, bodies: string[]): Promise<{ id: string; seq: number }[]> {
  const out: { id: string; seq: number }[] = [];
  const [{ user_id }] = (await sql().unchecked<{ user_id: string }>(
    `SELECT created_by_user_id AS user_id FROM conversations WHERE id = $1`,
    [conversationId],
  )) as [{ user_id: string }];
  for (let i = 0; i < bodies.length; i += 2000) {
    const chunk = bodies.slice(i, i + 2000);
    const rows = await sql().unchecked<{ id: string; seq: number }>(
      `WITH next AS (
         UPDATE conversations SET last_seq = last_seq + $3, last_message_at = now() WHERE id = $1 RETURNING last_seq - $3 AS base
       )
       INSERT INTO messages (conversation_id, seq, kind, body, sender_user_id, created_at)
       SELECT $1, next.base + t.ord, 'text', t.body, $4, now() - make_interval(secs => ($3 - t.ord)::float8 * 60)
         FROM next, unnest($2::text[]) WITH ORDINALITY AS t(body, ord)
       RETURNING id, seq`,
      [conversationId, chunk, chunk.length, user_id],
    );
    out.push(...rows.sort((a, b) => a.seq - b.seq));
  }
  return out;
}

async function insertVectors(target: Target, items: { id: string; vector: Float32Array }[], model: string) {
  for (let i = 0; i < items.length; i += 500) {
    const chunk = items.slice(i, i + 500);
    await storeVectors(sql(), {
      subjectType: "message",
      model,
      vectors: chunk.map((c) => ({ ...c, workspaceId: target.workspaceId })),
    });
  }
}

async function markEmbedded(conversationId: string, model: string) {
  await sql().unchecked(
    `INSERT INTO embedding_progress (conversation_id, model, embedded_seq)
     SELECT id, $2, last_seq FROM conversations WHERE id = $1
     ON CONFLICT (conversation_id, model) DO UPDATE SET embedded_seq = EXCLUDED.embedded_seq`,
    [conversationId, model],
  );
}

async function addFacts(target: Target, count: number) {
  await sql().unchecked(
    `INSERT INTO contact_facts (workspace_id, contact_id, key, fact, status, source_message_id, confirmed_at)
     SELECT $1, $2, 'note.n' || g, 'Fact number ' || g || ': ' || m.body, 'confirmed', m.id, now()
       FROM generate_series(1, $3) AS g
       JOIN LATERAL (SELECT id, body FROM messages WHERE conversation_id = $4 AND seq = g * 7) m ON true`,
    [target.workspaceId, target.contactId, count, target.conversationIds[0]],
  );
}

// ---- measurements --------------------------------------------------------------------------------------------

async function timeSearches(
  target: Target,
  vector: "exact" | "pgvector",
): Promise<{ p50: number; p95: number; n: number }> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const t0 = performance.now();
      await searchContact(target.bot, { contactId: target.contactId, query: q, vector, limit: 10 });
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
}

async function timeContextPack(target: Target): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    await buildContextPack(target.bot, { contactId: target.contactId, format: i % 2 ? "compact" : "full" });
    times.push(performance.now() - t0);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

/**
 * Recall@10 of the pgvector path's nearest messages against the exact path's, averaged over the queries. Ties count:
 * the data repeats some sentences ("ok"), so a hit is right when it is as near as the exact path's tenth.
 */
async function recallAt10(target: Target, model: string): Promise<{ recall: number; gap: number }> {
  const { vectors } = await embedTexts(QUERIES);
  let sum = 0;
  let gap = 0;
  for (const query of vectors) {
    const exact = await exactTop(target, model, query, 10);
    const tenth = exact[exact.length - 1]!.cosine;
    const approx = await nearestMessagesPgvector({ conversationIds: target.conversationIds, model, query, depth: 10 });
    sum += approx.filter((m) => m.cosine >= tenth - 1e-6).length / 10;
    gap += tenth - (approx[approx.length - 1]?.cosine ?? 0);
  }
  return { recall: sum / vectors.length, gap: gap / vectors.length };
}

/** The exact path's vector side: int8 candidates from the cache, re-ranked with the stored floats. */
async function exactTop(
  target: Target,
  model: string,
  query: Float32Array,
  k: number,
): Promise<{ id: string; cosine: number }[]> {
  const candidates = await nearestMessages({ conversationIds: target.conversationIds, model, query, depth: 100 });
  const rows = await sql().unchecked<{ id: string; embedding: Buffer }>(
    `SELECT m.id, array_send(e.embedding) AS embedding FROM unnest($1::uuid[], $2::int4[]) AS k(c, s)
       JOIN messages m ON m.conversation_id = k.c AND m.seq = k.s
       JOIN embeddings e ON e.subject_type = 'message' AND e.subject_id = m.id AND e.model = $3`,
    [candidates.map((c) => c.conversationId), candidates.map((c) => c.seq), model],
  );
  return rows
    .map((r) => ({ id: r.id, cosine: dot(readFloat4Array(r.embedding), query) }))
    .sort((a, b) => b.cosine - a.cosine)
    .slice(0, k);
}

/** Brute force over every stored float vector: checks that the exact path's int8 candidates lose nothing. */
async function bruteForceRecall(target: Target, model: string): Promise<number> {
  const rows = await sql().unchecked<{ id: string; embedding: Buffer }>(
    `SELECT m.id, array_send(e.embedding) AS embedding FROM messages m
       JOIN embeddings e ON e.subject_type = 'message' AND e.subject_id = m.id AND e.model = $2
      WHERE m.conversation_id = ANY($1::uuid[])`,
    [target.conversationIds, model],
  );
  const all = rows.map((r) => ({ id: r.id, vector: readFloat4Array(r.embedding) }));
  const { vectors } = await embedTexts(QUERIES);
  let sum = 0;
  for (const query of vectors) {
    const truth = all.map((r) => dot(r.vector, query)).sort((a, b) => b - a);
    const exact = await exactTop(target, model, query, 10);
    sum += exact.filter((m) => m.cosine >= truth[9]! - 1e-6).length / 10;
  }
  return sum / vectors.length;
}

/** The plan of the pgvector path's query, as it runs (iterative scan on): which node orders by distance. */
async function explainPgvector(target: Target, model: string): Promise<string> {
  const { vectors } = await embedTexts(["when will she pay the invoice"]);
  const literal = toPgVectorLiteral(vectors[0]!);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL hnsw.iterative_scan = relaxed_order");
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT m.id FROM embeddings e JOIN messages m ON m.id = e.subject_id
        WHERE e.model = '${model}' AND e.subject_type = 'message' AND m.conversation_id = ANY($1::uuid[]) AND m.kind <> 'system'
        ORDER BY e.embedding::vector(512) <=> '${literal}'::vector(512) LIMIT 50`,
      [target.conversationIds],
    );
    await client.query("COMMIT");
    const index = rows.find((r) => r["QUERY PLAN"].includes("Index Scan using embeddings_hnsw"));
    return index
      ? `HNSW index scan (${index["QUERY PLAN"].trim().split(" on ")[0]})`
      : `no HNSW index scan: ${rows
          .map((r) => r["QUERY PLAN"].trim())
          .slice(0, 3)
          .join(" / ")}`;
  } finally {
    await client.end();
  }
}

async function coldLoad(target: Target, model: string): Promise<number> {
  clearVectorCache();
  const { vectors } = await embedTexts(["warm"]);
  const t0 = performance.now();
  await nearestMessages({ conversationIds: target.conversationIds, model, query: vectors[0]!, depth: 10 });
  return performance.now() - t0;
}

/**
 * The same first search over rows written before vectors carried their int8 codes (migration 20261123210000): the
 * cache then reads each vector's floats and quantizes them. The codes are set aside and put back afterwards.
 */
async function coldLoadWithoutCodes(target: Target, model: string): Promise<number> {
  await sql().unchecked(
    `CREATE TABLE bench_int8_codes AS SELECT subject_type, subject_id, model, int8_codes, int8_scale FROM embeddings`,
  );
  await sql().unchecked(`UPDATE embeddings SET int8_codes = NULL, int8_scale = NULL`);
  try {
    return await coldLoad(target, model);
  } finally {
    await sql().unchecked(
      `UPDATE embeddings e SET int8_codes = b.int8_codes, int8_scale = b.int8_scale FROM bench_int8_codes b
       WHERE (e.subject_type, e.subject_id, e.model) = (b.subject_type, b.subject_id, b.model)`,
    );
    await sql().unchecked(`DROP TABLE bench_int8_codes`);
  }
}

function synthesize(real: Float32Array[], count: number, seed: number): Float32Array[] {
  const r = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(r() || 1e-12)) * Math.cos(2 * Math.PI * r());
  const dims = real[0]!.length;
  return Array.from({ length: count }, () => {
    const a = real[Math.floor(r() * real.length)]!;
    const b = real[Math.floor(r() * real.length)]!;
    const mix = new Float32Array(dims);
    for (let i = 0; i < dims; i++) mix[i] = 0.8 * a[i]! + 0.35 * b[i]! + (0.3 * gauss()) / Math.sqrt(dims);
    return normalize(mix);
  });
}

// ---- run -----------------------------------------------------------------------------------------------------

async function main() {
  const model = embeddingModelId();
  console.log(
    `node ${process.version}, ${os.cpus().length} cores; model ${model}; ${ROUNDS} rounds of ${QUERIES.length} queries per figure`,
  );
  const folder = mkdtempSync(path.join(os.tmpdir(), "relay-bench-search-"));
  let server: EmbeddedServer | null = null;
  const dropEmbedded: string[] = [];
  const dropPgvector: string[] = [];
  try {
    server = await ensureEmbeddedPostgres(path.join(folder, "data"));
    const exactDb = await prepare("embedded PostgreSQL 18, exact", server.adminUrl, dropEmbedded);
    const pgvDb = PGVECTOR_URL ? await prepare("PostgreSQL 15 + pgvector", PGVECTOR_URL, dropPgvector) : null;
    const texts = sentences(LARGE, 42);

    // 10,000 messages; the backfill embeds them with the real encoder.
    await switchDatabase(exactDb.url);
    const smallRows = await insertMessages(exactDb.conversationIds[0]!, texts.slice(0, SMALL));
    await addFacts(exactDb, 40);
    let t0 = performance.now();
    const backfill = await embedPending({ batch: 64 });
    const backfillSeconds = (performance.now() - t0) / 1000;
    console.log(
      `\nbackfill: ${backfill.embedded} embedded (${backfill.messages} messages, ${backfill.facts} facts) in ${fmt(backfillSeconds)} s = ${fmt(backfill.embedded / backfillSeconds)} per second`,
    );
    const stored = await sql().unchecked<{ id: string; embedding: Buffer }>(
      `SELECT e.subject_id AS id, array_send(e.embedding) AS embedding FROM embeddings e WHERE e.subject_type = 'message' AND e.model = $1`,
      [model],
    );
    const vectorOf = new Map(stored.map((r) => [r.id, readFloat4Array(r.embedding)]));
    await sql().unchecked("ANALYZE");
    const realBySeq = smallRows.map((row) => vectorOf.get(row.id)).filter((v): v is Float32Array => Boolean(v));

    if (pgvDb) {
      await switchDatabase(pgvDb.url);
      const rows = await insertMessages(pgvDb.conversationIds[0]!, texts.slice(0, SMALL));
      await insertVectors(
        pgvDb,
        rows.map((row, i) => ({ id: row.id, vector: vectorOf.get(smallRows[i]!.id)! })).filter((r) => r.vector),
        model,
      );
      await markEmbedded(pgvDb.conversationIds[0]!, model);
      await sql().unchecked("ANALYZE");
      t0 = performance.now();
      await ensureHnswIndex(model, 512);
      console.log(`pgvector: HNSW index over ${SMALL} vectors built in ${fmt((performance.now() - t0) / 1000)} s`);
      await addFacts(pgvDb, 40);
      await embedPending(); // the facts
    }

    const report = async (size: number) => {
      console.log(`\n== a contact with ${size} messages ==`);
      await switchDatabase(exactDb.url);
      console.log(
        `exact path: first search loads the cache in ${fmt(await coldLoad(exactDb, model))} ms (${vectorCacheStats().blocks} block, ${fmt(vectorCacheStats().bytes / 1024 / 1024)} MB)`,
      );
      const exact = await timeSearches(exactDb, "exact");
      console.log(
        `search, exact path (embedded PG 18): p50 ${fmt(exact.p50)} ms, p95 ${fmt(exact.p95)} ms (n=${exact.n})`,
      );
      if (size <= SMALL)
        console.log(
          `exact path recall@10 against brute force over all float vectors: ${fmt(await bruteForceRecall(exactDb, model), 3)}`,
        );
      console.log(`context pack p50 (40 confirmed facts): ${fmt(await timeContextPack(exactDb))} ms`);
      console.log(
        `exact path: the same first search over rows without int8 codes (written before 20261123210000): ${fmt(await coldLoadWithoutCodes(exactDb, model))} ms`,
      );
      if (pgvDb) {
        await switchDatabase(pgvDb.url);
        clearVectorCache();
        const viaPgvector = await timeSearches(pgvDb, "pgvector");
        console.log(
          `search, pgvector path (PG 15): p50 ${fmt(viaPgvector.p50)} ms, p95 ${fmt(viaPgvector.p95)} ms (n=${viaPgvector.n})`,
        );
        await coldLoad(pgvDb, model);
        const exactHere = await timeSearches(pgvDb, "exact");
        console.log(`search, exact path on the same PG 15: p50 ${fmt(exactHere.p50)} ms, p95 ${fmt(exactHere.p95)} ms`);
        const { recall, gap } = await recallAt10(pgvDb, model);
        console.log(
          `pgvector recall@10 (vector side) against the exact path: ${fmt(recall, 3)}; its 10th hit is on average ${fmt(gap, 4)} less similar than the exact 10th`,
        );
        console.log(`pgvector plan: ${await explainPgvector(pgvDb, model)}`);
      }
    };
    await report(SMALL);

    // 100,000: 90,000 more messages with synthesized vectors.
    const extra = texts.slice(SMALL);
    const synthetic = synthesize(realBySeq, extra.length, 7);
    for (const target of [exactDb, pgvDb].filter((t): t is Target => t !== null)) {
      await switchDatabase(target.url);
      t0 = performance.now();
      // A bulk load: drop the HNSW index and build it again after (much faster than 90,000 index inserts).
      if (target === pgvDb) await sql().unchecked(`DROP INDEX IF EXISTS "${hnswIndexName(model, 512)}"`);
      const rows = await insertMessages(target.conversationIds[0]!, extra);
      await insertVectors(
        target,
        rows.map((row, i) => ({ id: row.id, vector: synthetic[i]! })),
        model,
      );
      await markEmbedded(target.conversationIds[0]!, model);
      await sql().unchecked("ANALYZE messages");
      await sql().unchecked("ANALYZE embeddings");
      console.log(
        `\n${target.label}: +${extra.length} messages and vectors loaded in ${fmt((performance.now() - t0) / 1000)} s`,
      );
      if (target === pgvDb) {
        t0 = performance.now();
        await ensureHnswIndex(model, 512);
        console.log(`pgvector: HNSW index over ${LARGE} vectors built in ${fmt((performance.now() - t0) / 1000)} s`);
      }
    }
    await report(LARGE);
  } finally {
    await disconnectDb();
    for (const [adminUrl, names] of [
      [server?.adminUrl, dropEmbedded],
      [PGVECTOR_URL, dropPgvector],
    ] as const) {
      if (!adminUrl) continue;
      if (process.env.BENCH_KEEP === "1" && adminUrl === PGVECTOR_URL) {
        console.log(`kept on the pgvector server: ${names.join(", ")}`);
        continue;
      }
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
