import { normalize } from "./similarity";

// Embeddings from an OpenAI-compatible API (`POST {base}/embeddings`: OpenAI, Azure's compatible endpoint, Ollama,
// vLLM, llama.cpp's server ...), used instead of the local encoder when EMBEDDINGS_BASE_URL is set.

export interface OpenAiCompatibleConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

/** Inputs per request (OpenAI takes up to 2048; smaller requests fail and retry more cheaply). */
export const OPENAI_BATCH_SIZE = 128;
/**
 * Characters of one text sent. OpenAI's embedding models take 8191 tokens; 8000 characters stay well under that for
 * any text (English runs ~4 characters a token, other scripts fewer), so a long message never fails its batch.
 */
export const OPENAI_MAX_CHARS = 8000;
const TIMEOUT_MS = 30_000;

interface EmbeddingsResponse {
  data?: { embedding?: unknown; index?: unknown }[];
}

/** Unit vectors for non-empty texts, in order. Throws on any non-2xx answer or a malformed body. */
export async function embedWithOpenAiCompatible(
  texts: string[],
  config: OpenAiCompatibleConfig,
): Promise<Float32Array[]> {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/embeddings`;
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += OPENAI_BATCH_SIZE) {
    const batch = texts.slice(i, i + OPENAI_BATCH_SIZE);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: config.model, input: batch, encoding_format: "float" }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      const detail = (await response.text().catch(() => "")).slice(0, 300);
      throw new Error(
        `embeddings API answered ${response.status} ${response.statusText}${detail ? `: ${detail}` : ""}`,
      );
    }
    const body = (await response.json()) as EmbeddingsResponse;
    const rows = Array.isArray(body.data) ? body.data : [];
    if (rows.length !== batch.length)
      throw new Error(`embeddings API returned ${rows.length} vectors for ${batch.length} texts`);
    const ordered = new Array<Float32Array>(batch.length);
    rows.forEach((row, position) => {
      const index = typeof row.index === "number" ? row.index : position;
      const embedding = row.embedding;
      if (
        !Array.isArray(embedding) ||
        embedding.length === 0 ||
        !embedding.every((x) => typeof x === "number" && Number.isFinite(x))
      ) {
        throw new Error("embeddings API returned an embedding that is not an array of numbers");
      }
      if (index < 0 || index >= batch.length || ordered[index])
        throw new Error(`embeddings API returned a bad index ${index}`);
      ordered[index] = normalize(embedding as number[]);
    });
    vectors.push(...ordered);
  }
  const dims = vectors[0]?.length;
  if (vectors.some((v) => v.length !== dims)) throw new Error("embeddings API returned vectors of different lengths");
  return vectors;
}
