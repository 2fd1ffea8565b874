import { DEFAULT_BATCH, embedPending } from "@/lib/memory/embed-pending";
import { embeddingStatus } from "@/lib/memory/embedding-status";
import { S, str, UsageError, wholeNumber, type Command } from "./command";
import { workspaceBySlug } from "./resolve";

const DEFAULT_SAMPLE_SECONDS = 5;

export const embeddingsCommands: Record<string, Command> = {
  "embeddings backfill": {
    usage: `embeddings backfill [--workspace SLUG] [--batch N (1-1000, default ${DEFAULT_BATCH})]`,
    flags: { workspace: S, batch: S },
    run: async (args) => {
      const batch = wholeNumber(str(args, "batch"), "--batch") ?? DEFAULT_BATCH;
      if (batch < 1 || batch > 1000) throw new UsageError(`--batch must be from 1 to 1000, got ${batch}`);
      const slug = str(args, "workspace");
      const workspaceId = slug === undefined ? undefined : (await workspaceBySlug(slug)).id;
      const started = performance.now();
      // Everything not yet embedded for the current model, to the end (the job does the same in 20-second slices);
      // without --workspace, then other models' vectors past their quiet period, as the job would.
      const result = await embedPending({ workspaceId, batch, retireCheckEveryMs: 0 });
      const seconds = (performance.now() - started) / 1000;
      return {
        embedded: result.embedded,
        messages: result.messages,
        facts: result.facts,
        model: result.model,
        seconds: Number(seconds.toFixed(3)),
        per_second: Number((seconds > 0 ? result.embedded / seconds : 0).toFixed(1)),
      };
    },
  },
  "embeddings status": {
    usage: `embeddings status [--sample SECONDS (0-60, default ${DEFAULT_SAMPLE_SECONDS}; 0: no rate or estimate)]`,
    flags: { sample: S },
    run: async (args) => {
      const sample = wholeNumber(str(args, "sample"), "--sample") ?? DEFAULT_SAMPLE_SECONDS;
      if (sample < 0 || sample > 60) throw new UsageError(`--sample must be from 0 to 60, got ${sample}`);
      // Per model: what it covers of contact memory; for the current one, its rate over the sample and an estimate.
      return embeddingStatus({ sampleMs: sample * 1000 });
    },
  },
};
