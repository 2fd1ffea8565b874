import { spawn } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildCorpus } from "../relevance/corpus";
import {
  closeUseLite,
  embedWithUseLite,
  loadUseLite,
  USE_LITE_BATCH_SIZE,
  type Runtime,
} from "@/lib/embeddings/use-lite";
import { factSentence, fmt, latencyStats, percentile } from "../lib";

// bench/embeddings (issues 5 and 36): the local sentence encoder, each way of running it in a fresh process of its
// own, side by side in interleaved rounds (TensorFlow.js as Relay ran it until issue 36, then onnxruntime at float and
// at int8: lib/embeddings/use-lite.ts). Per process:
// - model load time and resident memory before loading, once loaded, and after the work;
// - sentences per CPU-second (the process's user + system time, every thread) embedding 1,000 chat messages from
//   bench:relevance's corpus and 1,000 short fact sentences, at batch 1, the default (16) and 32; wall-clock sentences/s;
// - a query on the request path: 300 single texts one after another, p50 / p99 (what a search waits for);
// - the longest the caller's event loop was held meanwhile (the model runs in a thread of its own).
// Then cl100k token counting (lib/memory/tokens.ts). Prints figures; record them in bench/RESULTS.md.
// BENCH_ROUNDS (default 3) rounds; the table gives each figure's median over rounds.

const SENTENCES = 1000;
const QUERIES = 300;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RUNTIMES: Runtime[] = ["tfjs", "fp32", "int8"];
const CHILD = process.env.BENCH_ENCODER_RUNTIME as Runtime | undefined;

interface Figures {
  runtime: Runtime;
  model: string;
  loadMs: number;
  rssBefore: number;
  rssLoaded: number;
  rssAfter: number;
  /** Sentences per CPU-second by batch size, chat messages then fact sentences. */
  chatPerCpuSecond: Record<number, number>;
  factsPerCpuSecond: number;
  wallPerSecond: number;
  queryP50: number;
  queryP99: number;
  loopMaxMs: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function chatMessages(salt: number): string[] {
  const corpus = buildCorpus({ messages: 4000 });
  return Array.from({ length: SENTENCES }, (_, i) => corpus[(i * 3 + salt) % corpus.length]!.text);
}

async function measure(runtime: Runtime): Promise<Figures> {
  const chat = chatMessages(0);
  const facts = Array.from({ length: SENTENCES }, (_, i) => factSentence(i, i + 1, i + 1, i * 7 + 1));
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  await loadUseLite(runtime);
  const loadMs = performance.now() - t0;
  const { model } = await embedWithUseLite(["warm up"], { runtime });
  const rssLoaded = process.memoryUsage().rss;

  const loop = monitorEventLoopDelay({ resolution: 2 });
  loop.enable();
  const perCpuSecond = async (texts: string[], batchSize: number) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let i = 0; i < texts.length; i += batchSize) {
      await embedWithUseLite(texts.slice(i, i + batchSize), { runtime, batchSize });
    }
    const used = process.cpuUsage(cpu);
    return {
      cpu: texts.length / ((used.user + used.system) / 1e6),
      wall: texts.length / ((performance.now() - start) / 1000),
    };
  };
  const chatPerCpuSecond: Record<number, number> = {};
  let wallPerSecond = 0;
  for (const batchSize of [1, USE_LITE_BATCH_SIZE, 32]) {
    const figures = await perCpuSecond(batchSize === 1 ? chat.slice(0, 300) : chat, batchSize);
    chatPerCpuSecond[batchSize] = figures.cpu;
    if (batchSize === USE_LITE_BATCH_SIZE) wallPerSecond = figures.wall;
  }
  const factsPerCpuSecond = (await perCpuSecond(facts, USE_LITE_BATCH_SIZE)).cpu;

  const queries: number[] = [];
  const questions = chatMessages(7).slice(0, QUERIES);
  for (const question of questions) {
    const start = performance.now();
    await embedWithUseLite([question], { runtime });
    queries.push(performance.now() - start);
  }
  loop.disable();
  const { p50, p99 } = latencyStats(queries);
  const rssAfter = process.memoryUsage().rss;
  await closeUseLite();
  return {
    runtime,
    model,
    loadMs,
    rssBefore,
    rssLoaded,
    rssAfter,
    chatPerCpuSecond,
    factsPerCpuSecond,
    wallPerSecond,
    queryP50: p50,
    queryP99: p99,
    loopMaxMs: loop.max / 1e6,
  };
}

function runChild(runtime: Runtime): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/embeddings/run.ts"], {
      env: { ...process.env, BENCH_ENCODER_RUNTIME: runtime },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as Figures);
      else reject(new Error(`the ${runtime} process exited ${code}: ${out}`));
    });
  });
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main() {
  if (CHILD) {
    console.log(JSON.stringify(await measure(CHILD)));
    return;
  }
  console.log(
    `node ${process.version}; ${SENTENCES} chat messages (bench:relevance's corpus, ~${Math.round(chatMessages(0).join(" ").length / SENTENCES)} characters) ` +
      `and ${SENTENCES} fact sentences; ${ROUNDS} interleaved rounds, a fresh process per runtime and round; medians`,
  );
  const results = new Map<Runtime, Figures[]>(RUNTIMES.map((runtime) => [runtime, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const runtime of RUNTIMES) results.get(runtime)!.push(await runChild(runtime));
  }
  const pick = (runtime: Runtime, figure: (f: Figures) => number) => median(results.get(runtime)!.map(figure));
  const base = pick("tfjs", (f) => f.chatPerCpuSecond[USE_LITE_BATCH_SIZE]!);
  console.log(
    `\nruntime (model id) | load (ms) | RSS before → loaded → after (MB) | chat/CPU-s b1 | b${USE_LITE_BATCH_SIZE} | b32 | × TF.js (b${USE_LITE_BATCH_SIZE}) | facts/CPU-s | wall/s | query p50 / p99 (ms) | loop held max (ms)`,
  );
  for (const runtime of RUNTIMES) {
    const f = (figure: (x: Figures) => number, digits = 0) => fmt(pick(runtime, figure), digits);
    const model = results.get(runtime)![0]!.model;
    console.log(
      `${runtime} (${model}) | ${f((x) => x.loadMs)} | ${f((x) => mb(x.rssBefore))} → ${f((x) => mb(x.rssLoaded))} → ${f((x) => mb(x.rssAfter))} | ` +
        `${f((x) => x.chatPerCpuSecond[1]!)} | ${f((x) => x.chatPerCpuSecond[USE_LITE_BATCH_SIZE]!)} | ${f((x) => x.chatPerCpuSecond[32]!)} | ` +
        `${fmt(pick(runtime, (x) => x.chatPerCpuSecond[USE_LITE_BATCH_SIZE]!) / base, 1)} | ${f((x) => x.factsPerCpuSecond)} | ${f((x) => x.wallPerSecond)} | ` +
        `${f((x) => x.queryP50, 2)} / ${f((x) => x.queryP99, 2)} | ${f((x) => x.loopMaxMs)}`,
    );
  }

  // Token counting, in this process (its ranks are ~27 MB).
  let start = performance.now();
  const { countTokens } = await import("@/lib/memory/tokens");
  countTokens("warm up");
  const tokenizerLoadMs = performance.now() - start;
  const texts = Array.from({ length: 20 }, (_, round) => chatMessages(round)).flat();
  start = performance.now();
  let tokens = 0;
  for (const text of texts) tokens += countTokens(text);
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `\ncountTokens (cl100k): import and first count ${tokenizerLoadMs.toFixed(0)} ms; ` +
      `${texts.length} messages, ${tokens} tokens: ${(tokens / seconds / 1e6).toFixed(2)} M tokens/s`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
