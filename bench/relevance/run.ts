import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { disconnectDb } from "@/lib/db/client";
import { ensureEmbeddedPostgres, type EmbeddedServer } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { createDatabaseIfMissing } from "@/lib/db/setup";
import { selectDatabase } from "@/lib/db/url";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { reloadEnv } from "@/lib/env";
import { clearVectorCache } from "@/lib/memory/vector-cache";
import { fmt } from "../lib";
import { buildCorpus, buildQueries, fillerCorpus, type RelevanceQuery } from "./corpus";
import {
  embedAll,
  evaluate,
  loadMessages,
  METHODS,
  prepareCustomer,
  type Customer,
  type MethodSummary,
} from "./evaluate";
import { K } from "./metrics";

// bench/relevance (issue 36): how well contact search finds what was meant. A judged set of 10,000 chat messages
// between a business and one customer, and 300-odd queries with graded judgements (bench/relevance/README.md), loaded
// on a fresh embedded PostgreSQL through the product's paths (conversations with the customer, the real backfill and
// encoder); each query is run through searchContact three ways: words only, vectors only, and the hybrid that
// ships (reciprocal rank fusion of both). Reports nDCG@10 and recall@10 at 10,000 messages, then again after
// bench:search's 100,000 filler sentences are added to the same customer (tagged and judged by the same rules).
//
//   npm run bench:relevance                      # both sizes: ~30 min on a 2-core machine (embedding 110,000)
//   npm run bench:relevance -- --sizes 10000     # the judged set alone: ~4 min
//   npm run bench:relevance -- --models use-lite-512,use-lite-512-int8
//                                                # each local model in turn on the same database, side by side
//
// Writes the table, per-query figures and a review sample to bench/out/relevance/.

const JUDGED = Number(process.env.BENCH_JUDGED ?? 10_000); // smaller only for a smoke run
const FILLER = Number(process.env.BENCH_FILLER ?? 100_000);
const FILLER_CONVERSATIONS = 10;

function sizesFromArgs(): number[] {
  const at = process.argv.indexOf("--sizes");
  const raw = at >= 0 ? process.argv[at + 1] : process.argv.find((a) => a.startsWith("--sizes="))?.slice(8);
  if (!raw) return [JUDGED, JUDGED + FILLER];
  const sizes = raw.split(",").map(Number);
  for (const size of sizes)
    if (size !== JUDGED && size !== JUDGED + FILLER)
      throw new Error(`--sizes takes ${JUDGED} and/or ${JUDGED + FILLER} (the judged set, then with the filler)`);
  return sizes;
}

/** The local models to compare (EMBEDDINGS_LOCAL_MODEL values), each embedding and searching in turn; default the
 * configured one. */
function modelsFromArgs(): (string | undefined)[] {
  const at = process.argv.indexOf("--models");
  const raw = at >= 0 ? process.argv[at + 1] : process.argv.find((a) => a.startsWith("--models="))?.slice(9);
  return raw ? raw.split(",") : [undefined];
}

/** Makes a model the configured one for what follows in this process. */
function selectModel(model: string | undefined): string {
  if (model) process.env.EMBEDDINGS_LOCAL_MODEL = model;
  reloadEnv();
  return embeddingModelId();
}

const outDir = path.join("bench", "out", "relevance");
const machine = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")}`;

function table(rows: Row[]): string {
  const lines = [
    `| messages | model | method | nDCG@${K} | recall@${K} (grade 2) | recall@${K} (grade ≥1) | nDCG@${K}, entity queries | nDCG@${K}, general queries | search p50 |`,
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const { size, model, summary: s } of rows)
    lines.push(
      `| ${size.toLocaleString("en")} | ${model} | ${s.method} | ${fmt(s.ndcg, 3)} | ${fmt(s.recall2, 3)} | ${fmt(s.recall1, 3)} | ${fmt(s.ndcgEntity, 3)} | ${fmt(s.ndcgGeneral, 3)} | ${fmt(s.p50ms)} ms |`,
    );
  return lines.join("\n");
}

/** 40 queries (every n-th) with the hybrid's top 5 and each hit's generated grade, for a person to check. */
function reviewSample(customer: Customer, { hybrid, size }: { hybrid: MethodSummary; size: number }): string {
  const stride = Math.max(1, Math.floor(hybrid.results.length / 40));
  const picked = hybrid.results.filter((_, i) => i % stride === 0).slice(0, 40);
  const out = [
    `# bench:relevance review sample (${size.toLocaleString("en")} messages, hybrid, top 5)`,
    "",
    "Each hit with its generated grade (2 answers the query, 1 same topic, 0 other) and its sub-topic / entity.",
    "",
  ];
  for (const r of picked) {
    out.push(
      `## \`${r.query.text}\``,
      "",
      `${r.query.subtopic}${r.query.entity ? `, ${r.query.entity}` : ""}; nDCG@10 ${fmt(r.ndcg, 3)}`,
      "",
    );
    r.ids.slice(0, 5).forEach((id, i) => {
      const m = customer.meta.get(id);
      out.push(
        `${i + 1}. **${r.grades[i]}** ${m ? `${m.text.replace(/\|/g, "\\|")} _(${m.subtopic}${m.entity ? `, ${m.entity}` : ""})_` : id}`,
      );
    });
    out.push("");
  }
  return out.join("\n");
}

interface Row {
  size: number;
  model: string;
  summary: MethodSummary;
}

async function measure(customer: Customer, { queries, size }: { queries: RelevanceQuery[]; size: number }) {
  const summaries: MethodSummary[] = [];
  for (const method of METHODS) {
    clearVectorCache();
    const t0 = performance.now();
    const summary = await evaluate(customer, { queries, method });
    console.log(
      `${size.toLocaleString("en")} messages, ${embeddingModelId()}, ${method}: nDCG@${K} ${fmt(summary.ndcg, 3)}, recall@${K} ${fmt(summary.recall2, 3)} (grade 2) / ${fmt(summary.recall1, 3)} (grade >= 1); ${summary.queries} queries in ${fmt((performance.now() - t0) / 1000)} s`,
    );
    summaries.push(summary);
  }
  return summaries;
}

async function main() {
  const sizes = sizesFromArgs();
  const models = modelsFromArgs();
  const started = new Date();
  console.log(
    `bench:relevance ${started.toISOString()}; node ${process.version}, ${os.cpus().length} cores, ${machine()}; models ${models.map(selectModel).join(", ")}; sizes ${sizes.join(", ")}`,
  );
  const corpus = buildCorpus({ messages: JUDGED });
  const queries = buildQueries(corpus);
  console.log(
    `judged set: ${corpus.length} messages, ${queries.length} queries (${queries.filter((q) => q.entity).length} naming an entity)`,
  );
  const folder = mkdtempSync(path.join(os.tmpdir(), "relay-bench-relevance-"));
  let server: EmbeddedServer | null = null;
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    server = await ensureEmbeddedPostgres(path.join(folder, "data"));
    const name = "relay_bench_relevance";
    await createDatabaseIfMissing(server.adminUrl, { name });
    const url = new URL(server.adminUrl);
    url.pathname = `/${name}`;
    await applyMigrations(url.toString());
    selectDatabase(url.toString());

    const customer = await prepareCustomer();
    let t0 = performance.now();
    await loadMessages(customer, { messages: corpus, label: "Support" });
    console.log(`loaded ${corpus.length} messages in ${fmt((performance.now() - t0) / 1000)} s`);
    const report = (embedded: number, seconds: number) =>
      console.log(`  embedded ${embedded} in ${fmt(seconds)} s (${fmt(embedded / seconds)}/s), ${machine()}`);
    // Each model embeds what it has no vector for yet (the product's backfill), then is measured.
    const embedAndMeasure = async (size: number, label: string) => {
      let summaries: MethodSummary[] = [];
      for (const choice of models) {
        const model = selectModel(choice);
        const embedded = await embedAll({ report, reportMs: 60_000 });
        notes.push(
          `backfill of ${label} with ${model}: ${embedded.embedded} in ${fmt(embedded.seconds)} s = ${fmt(embedded.embedded / embedded.seconds)}/s`,
        );
        summaries = await measure(customer, { queries, size });
        rows.push(...summaries.map((summary) => ({ size, model, summary })));
      }
      return { size, summaries };
    };
    mkdirSync(outDir, { recursive: true });
    let last = { size: JUDGED, summaries: [] as MethodSummary[] };
    if (sizes.includes(JUDGED)) last = await embedAndMeasure(JUDGED, "the judged set");
    if (sizes.includes(JUDGED + FILLER)) {
      t0 = performance.now();
      await loadMessages(customer, {
        messages: fillerCorpus({ messages: FILLER, conversations: FILLER_CONVERSATIONS }),
        label: "Filler",
      });
      console.log(`loaded ${FILLER} filler messages in ${fmt((performance.now() - t0) / 1000)} s`);
      last = await embedAndMeasure(JUDGED + FILLER, "the judged set and the filler");
    }
    const finished = new Date();
    const text = [
      `bench:relevance, ${started.toISOString()} to ${finished.toISOString()} (${fmt((finished.getTime() - started.getTime()) / 60000)} min); ${queries.length} queries; ${os.cpus().length} cores, at the end ${machine()}`,
      "",
      table(rows),
      "",
      ...notes.map((n) => `- ${n}`),
      "",
    ].join("\n");
    console.log(`\n${text}`);
    const stamp = started.toISOString().replace(/[:.]/g, "-");
    writeFileSync(path.join(outDir, `relevance-${stamp}.md`), text);
    writeFileSync(
      path.join(outDir, `relevance-${stamp}.json`),
      JSON.stringify(
        rows.map(({ size, model, summary }) => ({
          size,
          model,
          ...summary,
          results: summary.results.map((r) => ({ id: r.query.id, text: r.query.text, ndcg: r.ndcg, grades: r.grades })),
        })),
        null,
        1,
      ),
    );
    const hybrid = last.summaries.find((s) => s.method === "hybrid");
    if (hybrid)
      writeFileSync(path.join(outDir, `review-${last.size}.md`), reviewSample(customer, { hybrid, size: last.size }));
    console.log(`written to ${outDir}/relevance-${stamp}.md (and .json, review-${last.size}.md)`);
  } finally {
    await disconnectDb();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
