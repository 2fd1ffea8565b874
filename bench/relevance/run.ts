import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { disconnectDb } from "@/lib/db/client";
import { ensureEmbeddedPostgres, type EmbeddedServer } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { createDatabaseIfMissing } from "@/lib/db/setup";
import { selectDatabase } from "@/lib/db/url";
import { embeddingModelId } from "@/lib/embeddings/encoder";
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

const outDir = path.join("bench", "out", "relevance");
const machine = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")}`;

function table(rows: { size: number; summary: MethodSummary }[]): string {
  const lines = [
    `| messages | method | nDCG@${K} | recall@${K} (grade 2) | recall@${K} (grade ≥1) | nDCG@${K}, entity queries | nDCG@${K}, general queries | search p50 |`,
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const { size, summary: s } of rows)
    lines.push(
      `| ${size.toLocaleString("en")} | ${s.method} | ${fmt(s.ndcg, 3)} | ${fmt(s.recall2, 3)} | ${fmt(s.recall1, 3)} | ${fmt(s.ndcgEntity, 3)} | ${fmt(s.ndcgGeneral, 3)} | ${fmt(s.p50ms)} ms |`,
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

async function measure(customer: Customer, { queries, size }: { queries: RelevanceQuery[]; size: number }) {
  const summaries: MethodSummary[] = [];
  for (const method of METHODS) {
    clearVectorCache();
    const t0 = performance.now();
    const summary = await evaluate(customer, { queries, method });
    console.log(
      `${size.toLocaleString("en")} messages, ${method}: nDCG@${K} ${fmt(summary.ndcg, 3)}, recall@${K} ${fmt(summary.recall2, 3)} (grade 2) / ${fmt(summary.recall1, 3)} (grade >= 1); ${summary.queries} queries in ${fmt((performance.now() - t0) / 1000)} s`,
    );
    summaries.push(summary);
  }
  return summaries;
}

async function main() {
  const sizes = sizesFromArgs();
  const started = new Date();
  console.log(
    `bench:relevance ${started.toISOString()}; node ${process.version}, ${os.cpus().length} cores, ${machine()}; model ${embeddingModelId()}; sizes ${sizes.join(", ")}`,
  );
  const corpus = buildCorpus({ messages: JUDGED });
  const queries = buildQueries(corpus);
  console.log(
    `judged set: ${corpus.length} messages, ${queries.length} queries (${queries.filter((q) => q.entity).length} naming an entity)`,
  );
  const folder = mkdtempSync(path.join(os.tmpdir(), "relay-bench-relevance-"));
  let server: EmbeddedServer | null = null;
  const rows: { size: number; summary: MethodSummary }[] = [];
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
    let embedded = await embedAll({ report });
    notes.push(
      `backfill of the judged set: ${embedded.embedded} in ${fmt(embedded.seconds)} s = ${fmt(embedded.embedded / embedded.seconds)}/s`,
    );
    mkdirSync(outDir, { recursive: true });
    let last = { size: JUDGED, summaries: [] as MethodSummary[] };
    if (sizes.includes(JUDGED)) {
      const summaries = await measure(customer, { queries, size: JUDGED });
      rows.push(...summaries.map((summary) => ({ size: JUDGED, summary })));
      last = { size: JUDGED, summaries };
    }
    if (sizes.includes(JUDGED + FILLER)) {
      t0 = performance.now();
      await loadMessages(customer, {
        messages: fillerCorpus({ messages: FILLER, conversations: FILLER_CONVERSATIONS }),
        label: "Filler",
      });
      console.log(`loaded ${FILLER} filler messages in ${fmt((performance.now() - t0) / 1000)} s`);
      embedded = await embedAll({ report, reportMs: 60_000 });
      notes.push(
        `backfill of the filler: ${embedded.embedded} in ${fmt(embedded.seconds)} s = ${fmt(embedded.embedded / embedded.seconds)}/s`,
      );
      const summaries = await measure(customer, { queries, size: JUDGED + FILLER });
      rows.push(...summaries.map((summary) => ({ size: JUDGED + FILLER, summary })));
      last = { size: JUDGED + FILLER, summaries };
    }
    const finished = new Date();
    const text = [
      `bench:relevance, ${started.toISOString()} to ${finished.toISOString()} (${fmt((finished.getTime() - started.getTime()) / 60000)} min); model ${embeddingModelId()}; ${queries.length} queries; ${os.cpus().length} cores, at the end ${machine()}`,
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
        rows.map(({ size, summary }) => ({
          size,
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
