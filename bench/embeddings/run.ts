import { monitorEventLoopDelay } from "node:perf_hooks";
import { embedTexts } from "@/lib/embeddings/encoder";
import { embedWithUseLite, loadUseLite, USE_LITE_BATCH_SIZE } from "@/lib/embeddings/use-lite";
import { factSentence } from "../lib";

// bench/embeddings (issue 5): the local sentence encoder in one process: model load time and resident memory, then
// sentences per second over 1000 short sentences at several batch sizes (with the model calls' durations, and the
// longest the caller's event loop was held meanwhile: the model runs in a thread of its own), and through embedTexts
// as the backfill uses it. Also cl100k token
// counting over the same sentences. Prints figures; record them in bench/RESULTS.md.

const SENTENCES = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

function sentences(count: number, salt: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    return factSentence(i, i + salt, i + salt, i * 7 + salt);
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  console.log(
    `node ${process.version}, ${SENTENCES} sentences of ~${Math.round(sentences(SENTENCES, 0).join(" ").length / SENTENCES)} characters, ${ROUNDS} rounds each`,
  );
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  await loadUseLite();
  const loadMs = performance.now() - t0;
  await embedWithUseLite(["warm up"]);
  console.log(
    `model load: ${loadMs.toFixed(0)} ms; RSS ${mb(rssBefore)} before, ${mb(process.memoryUsage().rss)} after loading`,
  );

  // Wall-clock figures suffer when other processes share the two cores; sentences per CPU-second (this process's
  // user + system time) do not, and are what one core gives.
  console.log(
    "\nbatch size | sentences/s | per CPU-second | median call (ms) | max call (ms) | loop held, max (ms) | RSS after",
  );
  for (const batchSize of [1, 8, 16, 32, 64, 128]) {
    let best = 0;
    let bestCpu = 0;
    const calls: number[] = [];
    const loop = monitorEventLoopDelay({ resolution: 2 });
    loop.enable();
    for (let round = 0; round < ROUNDS; round++) {
      const texts = sentences(SENTENCES, round * 3 + batchSize);
      const start = performance.now();
      const cpu = process.cpuUsage();
      for (let i = 0; i < texts.length; i += batchSize) {
        const callStart = performance.now();
        await embedWithUseLite(texts.slice(i, i + batchSize), batchSize);
        calls.push(performance.now() - callStart);
      }
      const used = process.cpuUsage(cpu);
      best = Math.max(best, SENTENCES / ((performance.now() - start) / 1000));
      bestCpu = Math.max(bestCpu, SENTENCES / ((used.user + used.system) / 1e6));
    }
    loop.disable();
    calls.sort((a, b) => a - b);
    const median = calls[Math.floor(calls.length / 2)]!;
    const marker = batchSize === USE_LITE_BATCH_SIZE ? "  (default)" : "";
    console.log(
      `${String(batchSize).padStart(10)} | ${best.toFixed(0).padStart(11)} | ${bestCpu.toFixed(0).padStart(14)} | ` +
        `${median.toFixed(0).padStart(16)} | ${calls.at(-1)!.toFixed(0).padStart(13)} | ${(loop.max / 1e6).toFixed(0).padStart(19)} | ${mb(process.memoryUsage().rss)}${marker}`,
    );
  }

  let best = 0;
  let bestCpu = 0;
  let model = "";
  for (let round = 0; round < ROUNDS; round++) {
    const texts = sentences(SENTENCES, 1000 + round);
    const start = performance.now();
    const cpu = process.cpuUsage();
    const result = await embedTexts(texts);
    const used = process.cpuUsage(cpu);
    model = result.model;
    best = Math.max(best, SENTENCES / ((performance.now() - start) / 1000));
    bestCpu = Math.max(bestCpu, SENTENCES / ((used.user + used.system) / 1e6));
  }
  console.log(
    `\nembedTexts(${SENTENCES} sentences) with ${model}: ${best.toFixed(0)} sentences/s, ${bestCpu.toFixed(0)} per CPU-second; ` +
      `RSS ${mb(process.memoryUsage().rss)}`,
  );

  // Imported here so that its ranks (~27 MB) are not in the figures above.
  const rssTokens = process.memoryUsage().rss;
  let start = performance.now();
  const { countTokens } = await import("@/lib/memory/tokens");
  countTokens("warm up");
  const tokenizerLoadMs = performance.now() - start;
  const texts = Array.from({ length: 20 }, (_, round) => sentences(SENTENCES, 2000 + round)).flat();
  start = performance.now();
  let tokens = 0;
  for (const text of texts) tokens += countTokens(text);
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `countTokens (cl100k): import and first count ${tokenizerLoadMs.toFixed(0)} ms, RSS +${mb(process.memoryUsage().rss - rssTokens)}; ` +
      `${texts.length} sentences, ${tokens} tokens: ${(tokens / seconds / 1e6).toFixed(2)} M tokens/s (${(texts.length / seconds).toFixed(0)} sentences/s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
