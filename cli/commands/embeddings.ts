import { DEFAULT_BATCH, embedPending } from "@/lib/memory/embed-pending";
import { S, str, UsageError, wholeNumber, type Command } from "./command";
import { workspaceBySlug } from "./resolve";

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
      // Everything not yet embedded for the current model, to the end (the job does the same in 20-second slices).
      const result = await embedPending({ workspaceId, batch });
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
};
