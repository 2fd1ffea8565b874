import { run, type Runner } from "graphile-worker";
import { jobLogger } from "@/lib/db/job-logger";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { serveWorkerMetrics, type MetricsServer } from "./metrics-server";
import { makeJobPool } from "@/lib/db/job-pool";
import { DELIVER_TASK } from "@/lib/webhooks/emit-event";
import { recoverStalledDeliveries } from "@/lib/webhooks/recover-stalled-deliveries";
import { FOLLOW_UP_TASK } from "@/lib/drafts/send-follow-up";
import { deliverWebhook } from "./tasks/deliver-webhook";
import { sendFollowUpTask } from "./tasks/send-follow-up";
import { EMBED_JOB_KEY, EMBED_QUEUE, EMBED_TASK } from "@/lib/memory/embed-pending";
import { embedPendingTask } from "./tasks/embed-pending";
import { queueEmbeddingOnNewMessages } from "./embedding-trigger";
import { EXPIRE_CRONTAB, EXPIRE_TASK } from "@/lib/agents/expire-agent-requests";
import { expireAgentRequestsTask } from "./tasks/expire-agent-requests";
import { NOTIFY_TASK } from "@/lib/notifications/enqueue";
import { DELIVER_TASK as DELIVER_NOTIFICATIONS_TASK } from "@/lib/notifications/schedule";
import { REMINDERS_CRONTAB, REMINDERS_TASK } from "@/lib/notifications/reminders";
import { EXPIRE_DRAFTS_CRONTAB, EXPIRE_DRAFTS_TASK } from "@/lib/drafts/expire-drafts";
import { notifyTask } from "./tasks/notify";
import { deliverNotificationsTask } from "./tasks/deliver-notifications";
import { expireDraftsTask, sendRemindersTask } from "./tasks/notification-sweeps";

// The job worker: graphile-worker on the app's database (docs/decisions/006-webhook-delivery.md). `npm start`
// runs one inside the app; `npm run worker` runs more as separate processes, and Postgres shares the jobs out.

export interface WorkerHandle {
  /** The port this worker serves its metrics on, if it does (jobs/metrics-server.ts). */
  metricsPort?: number;
  stop(): Promise<void>;
}

/**
 * The worker's metrics listener: on `port` (0: any free one; the tests'), else on WORKER_METRICS_PORT; none without a
 * port or without METRICS_TOKEN (the endpoint would only answer 404). A port taken is logged, and the worker runs on.
 */
async function workerMetrics(port: number | undefined): Promise<MetricsServer | undefined> {
  const { WORKER_METRICS_PORT, METRICS_TOKEN } = env();
  const chosen = port ?? WORKER_METRICS_PORT;
  if (chosen === undefined) return undefined;
  if (!METRICS_TOKEN) {
    log().warn("WORKER_METRICS_PORT is set without METRICS_TOKEN: the worker serves no metrics");
    return undefined;
  }
  return serveWorkerMetrics(chosen).catch((error: unknown) => {
    log().error({ err: error, port: chosen }, "worker metrics: could not listen");
    return undefined;
  });
}

export async function startWorker(options: {
  databaseUrl: string;
  concurrency?: number;
  sweepEveryMs?: number;
  /** Serve metrics on this port instead of WORKER_METRICS_PORT's (0: any free port). */
  metricsPort?: number;
}): Promise<WorkerHandle> {
  const concurrency = options.concurrency ?? 32;
  // graphile-worker asks for concurrency + 2 connections; they open only as jobs need them.
  const pgPool = makeJobPool(options.databaseUrl, Math.max(10, concurrency + 2));
  const runner: Runner = await run({
    pgPool,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: jobLogger,
    taskList: {
      [DELIVER_TASK]: deliverWebhook,
      [FOLLOW_UP_TASK]: sendFollowUpTask,
      [EMBED_TASK]: embedPendingTask,
      [EXPIRE_TASK]: expireAgentRequestsTask,
      [NOTIFY_TASK]: notifyTask,
      [DELIVER_NOTIFICATIONS_TASK]: deliverNotificationsTask,
      [EXPIRE_DRAFTS_TASK]: expireDraftsTask,
      [REMINDERS_TASK]: sendRemindersTask,
    },
    // The safety net of contact search's embeddings: whatever no trigger queued (a conversation linked to a contact
    // later, a notification lost while the LISTEN connection was down) is embedded within a minute.
    // Agent requests past their expiry are marked expired (reads already treat them so: lib/agents); so are drafts
    // and held messages, whose bots and people are told (lib/drafts/expire-drafts.ts); approvals still waiting after
    // the workspace's reminder time get their one reminder (lib/notifications/reminders.ts).
    crontab: [
      `* * * * * ${EMBED_TASK} ?queue=${EMBED_QUEUE}&jobKey=${EMBED_JOB_KEY}`,
      EXPIRE_CRONTAB,
      EXPIRE_DRAFTS_CRONTAB,
      REMINDERS_CRONTAB,
    ].join("\n"),
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  const sweep = () =>
    recoverStalledDeliveries().catch((error: Error) =>
      jobLogger.error(`stalled delivery sweep failed: ${error.message}`),
    );
  await sweep();
  const timer = setInterval(sweep, options.sweepEveryMs ?? 30_000);
  timer.unref();
  const stopEmbeddingTrigger = await queueEmbeddingOnNewMessages(pgPool);
  const metricsServer = await workerMetrics(options.metricsPort);
  return {
    metricsPort: metricsServer?.port,
    async stop() {
      clearInterval(timer);
      stopEmbeddingTrigger();
      await metricsServer?.close();
      await runner.stop();
      await pgPool.end();
    },
  };
}
