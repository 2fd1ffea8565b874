import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { clearVectorCache } from "@/lib/memory/vector-cache";
import { buildCorpus, buildQueries } from "./corpus";
import { embedAll, evaluate, loadMessages, prepareCustomer } from "./evaluate";

// The fast slice of bench:relevance (issue 36): 1,000 judged messages and 60 queries through the real load, backfill,
// encoder and contact search, on this file's own database. Fails when the hybrid's nDCG@10 drops more than 0.02
// below the figure recorded for the current model in slice-baseline.json. After a deliberate change (a new encoder,
// a change to the fusion), measure again and record: RELEVANCE_RECORD=1 npx vitest run bench/relevance/relevance.int.test.ts

const MESSAGES = 1_000;
const QUERIES = 60;
const TOLERANCE = 0.02;
const BASELINE = path.join(__dirname, "slice-baseline.json");

interface Baseline {
  hybridNdcg10: number;
  wordsNdcg10?: number;
  vectorsNdcg10?: number;
  measured: string;
  how: string;
}

afterAll(() => clearVectorCache());

describe("contact search relevance, the fast slice", () => {
  it(`keeps the hybrid's nDCG@10 within ${TOLERANCE} of the recorded figure`, { timeout: 120_000 }, async () => {
    const corpus = buildCorpus({ messages: MESSAGES });
    const queries = buildQueries(corpus, { stride: 5 }).slice(0, QUERIES);
    expect(queries).toHaveLength(QUERIES);
    const customer = await prepareCustomer();
    await loadMessages(customer, { messages: corpus, label: "Support" });
    const { embedded } = await embedAll();
    expect(embedded).toBeGreaterThanOrEqual(MESSAGES); // and the seeded world's own few

    const hybrid = await evaluate(customer, { queries, method: "hybrid" });
    const model = embeddingModelId();
    const baselines = JSON.parse(readFileSync(BASELINE, "utf8")) as Record<string, Baseline>;
    if (process.env.RELEVANCE_RECORD === "1") {
      const [words, vectors] = [
        await evaluate(customer, { queries, method: "words" }),
        await evaluate(customer, { queries, method: "vectors" }),
      ];
      baselines[model] = {
        hybridNdcg10: Number(hybrid.ndcg.toFixed(4)),
        wordsNdcg10: Number(words.ndcg.toFixed(4)),
        vectorsNdcg10: Number(vectors.ndcg.toFixed(4)),
        measured: new Date().toISOString(),
        how: `RELEVANCE_RECORD=1 npx vitest run bench/relevance/relevance.int.test.ts: ${MESSAGES} messages, ${QUERIES} queries (every 5th), hybrid searchContact, mean nDCG@10`,
      };
      writeFileSync(BASELINE, `${JSON.stringify(baselines, null, 2)}\n`);
    }
    const recorded = baselines[model];
    if (!recorded) throw new Error(`No relevance figure recorded for ${model}: record one with RELEVANCE_RECORD=1`);
    console.log(`hybrid nDCG@10 ${hybrid.ndcg.toFixed(4)} (${model}; recorded ${recorded.hybridNdcg10})`);
    expect(hybrid.ndcg).toBeGreaterThanOrEqual(recorded.hybridNdcg10 - TOLERANCE);
  });
});
