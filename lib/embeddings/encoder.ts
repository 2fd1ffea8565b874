import { env } from "@/lib/env";
import { embedWithOpenAiCompatible, OPENAI_MAX_CHARS } from "./openai-compatible";
import { embedWithUseLite, loadUseLite, localModelId, USE_LITE_DIMS, USE_LITE_MAX_CHARS } from "./use-lite";

// Sentence embeddings for contact memory (docs/design.md#embeddings): the local Universal Sentence Encoder Lite
// (EMBEDDINGS_LOCAL_MODEL: int8 by default, use-lite.ts) by default, an OpenAI-compatible API when EMBEDDINGS_BASE_URL is set. Every vector is unit length (cosine = dot
// product) and is stored with the id of the model that made it: vectors of different models never compare.

export interface Embeddings {
  /** e.g. `use-lite-512-int8`, `use-lite-512`, or `openai:text-embedding-3-small`. */
  model: string;
  dims: number;
  /** One per input text, in order. */
  vectors: Float32Array[];
}

/** The id of the model embedTexts uses now, stored beside each vector. */
export function embeddingModelId(): string {
  const { EMBEDDINGS_BASE_URL, EMBEDDINGS_MODEL } = env();
  return EMBEDDINGS_BASE_URL ? `openai:${EMBEDDINGS_MODEL}` : localModelId();
}

/**
 * Unit vectors for texts, in order. An empty or blank text is embedded as a single space (the local model cannot
 * take an empty input and OpenAI refuses one), so every input gets a vector; texts longer than the model's limit are
 * cut (prepareText). The local model loads on the first call in a process, off any import.
 */
export async function embedTexts(texts: string[]): Promise<Embeddings> {
  const api = embeddingsApi();
  if (api) {
    const prepared = texts.map((text) => prepareText(text, OPENAI_MAX_CHARS));
    const vectors = await embedWithOpenAiCompatible(prepared, api);
    return { model: `openai:${api.model}`, dims: vectors[0]?.length ?? 0, vectors };
  }
  const prepared = texts.map((text) => prepareText(text, USE_LITE_MAX_CHARS));
  const { model, vectors } = await embedWithUseLite(prepared);
  return { model, dims: USE_LITE_DIMS, vectors };
}

/**
 * Loads the local model now when it is the one embedTexts uses, so that a process that will embed (the job worker)
 * does not load it with its first batch, in a start's first seconds of load (docs/decisions/041). Nothing to do for an
 * API. A failed load is not kept: the first batch tries again.
 */
export async function preloadEncoder(): Promise<void> {
  if (!embeddingsApi()) await loadUseLite();
}

/** The OpenAI-compatible API embedTexts calls, when one is configured (EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL). */
function embeddingsApi(): { baseUrl: string; model: string; apiKey: string | undefined } | null {
  const { EMBEDDINGS_BASE_URL, EMBEDDINGS_MODEL, EMBEDDINGS_API_KEY } = env();
  if (!EMBEDDINGS_BASE_URL || !EMBEDDINGS_MODEL) return null;
  return { baseUrl: EMBEDDINGS_BASE_URL, model: EMBEDDINGS_MODEL, apiKey: EMBEDDINGS_API_KEY };
}

/**
 * What a model is given for a text: a single space for a blank text; for a text over `maxChars`, its start, cut at
 * the last whitespace in the final fifth of the limit (else at the limit, never inside a surrogate pair).
 */
export function prepareText(text: string, maxChars: number): string {
  if (text.trim() === "") return " ";
  if (text.length <= maxChars) return text;
  let cut = maxChars;
  const space = text.slice(0, maxChars + 1).search(/\s\S*$/);
  if (space >= maxChars * 0.8) cut = space;
  else if (/[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut -= 1;
  return text.slice(0, cut);
}
