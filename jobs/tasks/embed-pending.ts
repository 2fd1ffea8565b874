import type { Task } from "graphile-worker";
import { EMBED_JOB_KEY, EMBED_QUEUE, EMBED_TASK, embedPending } from "@/lib/memory/embed-pending";

/** A run's share of the worker: long backfills go in slices, so a stopping worker never waits on one for long. */
const RUN_BUDGET_MS = 20_000;

/**
 * graphile-worker task `embed_pending`: embeds messages and facts that have no vector for the current model yet
 * (lib/memory/embed-pending.ts), which after a switch of model is everything, and once that is done deletes the other
 * models' vectors past their quiet period (docs/decisions/040-switching-encoders.md). Runs one at a time (queue
 * `relay_embeddings`); queues its own continuation when its slice ran out with work left, so a re-embedding or a
 * retirement goes on slice after slice, and the crontab's minute line resumes it after a restart.
 */
export const embedPendingTask: Task = async (_payload, helpers) => {
  const result = await embedPending({ budgetMs: RUN_BUDGET_MS });
  if (result.more) await helpers.addJob(EMBED_TASK, {}, { queueName: EMBED_QUEUE, jobKey: EMBED_JOB_KEY });
};
