import { run, type Runner } from "graphile-worker";
import { jobLogger } from "@/lib/db/job-logger";
import { makeJobPool } from "@/lib/db/job-pool";
import { DELIVER_TASK } from "@/lib/webhooks/emit-event";
import { recoverStalledDeliveries } from "@/lib/webhooks/recover-stalled-deliveries";
import { FOLLOW_UP_TASK } from "@/lib/drafts/send-follow-up";
import { deliverWebhook } from "./tasks/deliver-webhook";
import { sendFollowUpTask } from "./tasks/send-follow-up";

// The job worker: graphile-worker on the app's database (docs/decisions/006-webhook-delivery.md). `npm start`
// runs one inside the app; `npm run worker` runs more as separate processes, and Postgres shares the jobs out.

export interface WorkerHandle {
  stop(): Promise<void>;
}

export async function startWorker(options: { databaseUrl: string; concurrency?: number; sweepEveryMs?: number }): Promise<WorkerHandle> {
  const concurrency = options.concurrency ?? 32;
  // graphile-worker asks for concurrency + 2 connections; they open only as jobs need them.
  const pgPool = makeJobPool(options.databaseUrl, Math.max(10, concurrency + 2));
  const runner: Runner = await run({
    pgPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: jobLogger,
    taskList: { [DELIVER_TASK]: deliverWebhook, [FOLLOW_UP_TASK]: sendFollowUpTask },
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  const sweep = () =>
    recoverStalledDeliveries().catch((error: Error) => jobLogger.error(`stalled delivery sweep failed: ${error.message}`));
  await sweep();
  const timer = setInterval(sweep, options.sweepEveryMs ?? 30_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await runner.stop();
      await pgPool.end();
    },
  };
}
