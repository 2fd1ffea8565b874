import { sql as pooled } from "@/lib/db/sql";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { readEmbeddingCoverage, type EmbeddingCoverage } from "@/lib/metrics/embedding-coverage";
import { otherEmbeddingModels, RETIRE_QUIET_MS } from "./retire-embedding-models";

// `npm run cli -- embeddings status`: how far each embedding model covers contact memory, for following a switch of
// model (docs/decisions/040-switching-encoders.md). The figures are those of the gauge relay_embedding_coverage_ratio
// (lib/metrics/embedding-coverage.ts: messages by position, facts exactly). The current model's rate is measured, not
// remembered: coverage is read twice, `sampleMs` apart, while the embedding job works (nothing records its speed),
// and the estimate is what remains at that rate.

export interface ModelStatus {
  model: string;
  current: boolean;
  /** Message positions and facts with a vector of this model. */
  embedded: number;
  total: number;
  /** embedded / total, as a percentage with one decimal; 100 when there is nothing to embed. */
  percent: number;
  messages: { embedded: number; total: number };
  facts: { embedded: number; total: number };
  /** The current model: embedded per second over the sample; null without a sample. */
  per_second?: number | null;
  /** The current model: seconds until it covers everything at that rate; 0 when done; null when unknown or stalled. */
  estimate_seconds?: number | null;
  /** Another model: when it last wrote. */
  last_write?: string;
  /** Another model: its vectors are deleted once the current model is complete and this time has passed. */
  retire_after?: string;
}

export interface EmbeddingStatus {
  current_model: string;
  /** `re-embedding`: the current model misses some; `retiring`: it is complete and other models' vectors remain. */
  state: "re-embedding" | "retiring" | "complete";
  sample_seconds: number;
  models: ModelStatus[];
}

export interface EmbeddingStatusOptions {
  /** How long to watch the current model's progress for its rate; 0: no rate, no estimate. */
  sampleMs?: number;
  /** The quiet period the job applies before deleting another model's vectors (lib/memory/retire-embedding-models.ts). */
  quietMs?: number;
}

export async function embeddingStatus({
  sampleMs = 0,
  quietMs = RETIRE_QUIET_MS,
}: EmbeddingStatusOptions = {}): Promise<EmbeddingStatus> {
  const current = embeddingModelId();
  const db = pooled();
  const first = await readEmbeddingCoverage(db, current);
  let coverage = first;
  if (sampleMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, sampleMs));
    coverage = await readEmbeddingCoverage(db, current);
  }
  const others = new Map((await otherEmbeddingModels(current, { quietMs, sql: db })).map((o) => [o.model, o]));
  // A model whose only watermarks are on conversations no longer linked to a contact covers nothing, yet has rows.
  const listed = [
    ...coverage.models,
    ...[...others.keys()]
      .filter((model) => !coverage.models.some((m) => m.model === model))
      .map((model) => ({ model, current: false, messages: 0, facts: 0, embedded: 0, ratio: 0 })),
  ];
  const models = listed
    .map((m): ModelStatus => {
      const status: ModelStatus = {
        model: m.model,
        current: m.current,
        embedded: m.embedded,
        total: coverage.total.all,
        percent: Math.floor(m.ratio * 1000) / 10,
        messages: { embedded: m.messages, total: coverage.total.messages },
        facts: { embedded: m.facts, total: coverage.total.facts },
      };
      if (m.current) {
        const rate = sampleMs > 0 ? ratePerSecond(first, coverage, { model: m.model, sampleMs }) : null;
        status.per_second = rate === null ? null : Number(rate.toFixed(1));
        status.estimate_seconds = estimateSeconds({ remaining: coverage.total.all - m.embedded, perSecond: rate });
      }
      const other = others.get(m.model);
      if (other) {
        status.last_write = other.lastWrite.toISOString();
        status.retire_after = other.retireAfter.toISOString();
      }
      return status;
    })
    // The current model first, then the others by name.
    .sort((a, b) => Number(b.current) - Number(a.current) || a.model.localeCompare(b.model));
  const complete = models.find((m) => m.current)!.embedded >= coverage.total.all;
  return {
    current_model: current,
    state: !complete ? "re-embedding" : others.size > 0 ? "retiring" : "complete",
    sample_seconds: sampleMs / 1000,
    models,
  };
}

function ratePerSecond(
  before: EmbeddingCoverage,
  after: EmbeddingCoverage,
  { model, sampleMs }: { model: string; sampleMs: number },
): number {
  const embedded = (c: EmbeddingCoverage) => c.models.find((m) => m.model === model)?.embedded ?? 0;
  return Math.max(0, embedded(after) - embedded(before)) / (sampleMs / 1000);
}

/**
 * Seconds until `remaining` is embedded at `perSecond`: 0 when nothing remains, null when the rate is unknown or
 * nothing moved during the sample (the job not running: the estimate would be infinite, and saying so is the point).
 */
export function estimateSeconds({ remaining, perSecond }: { remaining: number; perSecond: number | null }) {
  if (remaining <= 0) return 0;
  if (perSecond === null || perSecond <= 0) return null;
  return Math.ceil(remaining / perSecond);
}
