import { EventEmitter } from "node:events";
import { run, type Runner, type WorkerEvents } from "graphile-worker";
import { jobLogger } from "@/lib/db/job-logger";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { serveWorkerMetrics, type MetricsServer } from "./metrics-server";
import { makeJobPool } from "@/lib/db/job-pool";
import { endPool } from "@/lib/db/pool-errors";
import { DELIVER_TASK } from "@/lib/webhooks/emit-event";
import { recoverStalledDeliveries } from "@/lib/webhooks/recover-stalled-deliveries";
import { FOLLOW_UP_TASK } from "@/lib/drafts/send-follow-up";
import { deliverWebhook } from "./tasks/deliver-webhook";
import { sendFollowUpTask } from "./tasks/send-follow-up";
import { EMBED_JOB_KEY, EMBED_QUEUE, EMBED_TASK } from "@/lib/memory/embed-pending";
import { embedPendingTask } from "./tasks/embed-pending";
import { closeUseLite } from "@/lib/embeddings/use-lite";
import { preloadEncoder } from "@/lib/embeddings/encoder";
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
import { RETENTION_CRONTAB, RETENTION_TASK } from "@/lib/retention/prune-expired-rows";
import { pruneExpiredRowsTask } from "./tasks/prune-expired-rows";
import { SIGN_IN_ALERT_TASK } from "@/lib/sessions/sign-in-alert-task";
import { signInAlertTask } from "./tasks/sign-in-alert";
import { ERASE_TASK } from "@/lib/privacy/run-erasure";
import { EXPORT_TASK } from "@/lib/privacy/build-export";
import { buildExportTask, runErasureTask } from "./tasks/privacy";
import { startHeartbeat } from "@/lib/health/worker-heartbeat";
import { CHECKPOINT_CRONTAB, CHECKPOINT_TASK } from "@/lib/audit/checkpoints";
import { SEAL_EVERY_MS, sealAuditLog } from "@/lib/audit/seal-audit-log";
import { auditCheckpointTask } from "./tasks/audit-checkpoint";
import { pgSql, query } from "@/lib/db/sql";
import type { JobsEngine } from "@/lib/jobs/engine";
import type { SendJobEvents } from "@/lib/jobs/outbox-relay";
import { startOutboxRelay, type OutboxRelayHandle } from "./outbox-relay";

// The job worker: graphile-worker on the app's database (docs/decisions/006-webhook-delivery.md). `npm start`
// runs one inside the app; `npm run worker` runs more as separate processes, and Postgres shares the jobs out.
// With JOBS_ENGINE=inngest (docs/decisions/027-jobs-engine-inngest.md) Inngest runs the tasks (inngest/functions.ts):
// the worker runs no graphile task runner then, but the outbox relay that sends committed jobs to Inngest, beside
// the same stall sweep, embedding trigger, metrics and heartbeat.

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
// Unlocks the jobs (and queues) that stopped workers still hold: they go back to the queue for any worker to retry.
const RELEASE_WORKERS = query("jobs.release_workers", {
  text: "SELECT graphile_worker.force_unlock_workers($1::text[])",
});

export async function startWorker(options: {
  databaseUrl: string;
  concurrency?: number;
  sweepEveryMs?: number;
  /** Serve metrics on this port instead of WORKER_METRICS_PORT's (0: any free port). */
  metricsPort?: number;
  /** How long stop() lets running jobs finish before graphile-worker fails them back to the queue (to retry). */
  shutdownTimeoutMs?: number;
  /** Which engine runs the tasks (default: JOBS_ENGINE). */
  engine?: JobsEngine;
  /** inngest: how the outbox relay sends (default: the Inngest client's send; tests give a fake Inngest). */
  send?: SendJobEvents;
  /**
   * Load the local sentence encoder now, in the background, not with the first embedding job (`npm start`'s worker
   * and `npm run worker`'s; tests leave it to the job).
   */
  preloadEncoder?: boolean;
}): Promise<WorkerHandle> {
  const engine = options.engine ?? env().JOBS_ENGINE;
  const concurrency = options.concurrency ?? 32;
  // graphile-worker asks for concurrency + 2 connections; they open only as jobs need them.
  const pgPool = makeJobPool(options.databaseUrl, Math.max(10, concurrency + 2));
  // The ids of this process's workers, to release whatever they still hold when stopped (below); they are made
  // while run() starts, so the emitter is given to it.
  const events: WorkerEvents = new EventEmitter();
  const workerIds: string[] = [];
  events.on("worker:create", ({ worker }) => workerIds.push(worker.workerId));
  // A pool takes jobs for its workers under its own id (graphile-worker's local queue).
  events.on("pool:create", ({ workerPool }) => workerIds.push(workerPool.id));
  let relay: OutboxRelayHandle | null = null;
  if (engine === "inngest") {
    const send = options.send ?? (await import("@/inngest/client")).sendJobEvents;
    relay = await startOutboxRelay(send);
  }
  const runner: Runner | null = relay ? null : await run({
    pgPool,
    events,
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
      [RETENTION_TASK]: pruneExpiredRowsTask,
      [CHECKPOINT_TASK]: auditCheckpointTask,
      [SIGN_IN_ALERT_TASK]: signInAlertTask,
      [ERASE_TASK]: runErasureTask,
      [EXPORT_TASK]: buildExportTask,
    },
    // The safety net of contact search's embeddings: whatever no trigger queued (a conversation linked to a contact
    // later, a notification lost while the LISTEN connection was down) is embedded within a minute.
    // Agent requests past their expiry are marked expired (reads already treat them so: lib/agents); so are drafts
    // and held messages, whose bots and people are told (lib/drafts/expire-drafts.ts); approvals still waiting after
    // the workspace's reminder time get their one reminder (lib/notifications/reminders.ts). Every 10 minutes, rows
    // past their retention are deleted in small batches (lib/retention/prune-expired-rows.ts), and the audit chain's
    // head is signed (lib/audit/checkpoints.ts).
    crontab: [
      `* * * * * ${EMBED_TASK} ?queue=${EMBED_QUEUE}&jobKey=${EMBED_JOB_KEY}`,
      EXPIRE_CRONTAB,
      EXPIRE_DRAFTS_CRONTAB,
      REMINDERS_CRONTAB,
      RETENTION_CRONTAB,
      CHECKPOINT_CRONTAB,
    ].join("\n"),
    preset: {
      worker: {
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
        // stop(): running jobs get this long to finish; those still running are then failed back to the queue (their
        // lock released, retried by any worker), never left locked.
        gracefulShutdownAbortTimeout: options.shutdownTimeoutMs ?? 10_000,
      },
    },
  });
  const sweep = () =>
    recoverStalledDeliveries().catch((error: Error) =>
      jobLogger.error(`stalled delivery sweep failed: ${error.message}`),
    );
  await sweep();
  const timer = setInterval(sweep, options.sweepEveryMs ?? 30_000);
  timer.unref();
  // The audit chain's sealer, every 5 s in every worker: one runs at a time (an advisory lock), the others leave.
  const seal = () =>
    sealAuditLog().catch((error: Error) => jobLogger.error(`audit sealer failed: ${error.message}`));
  const sealTimer = setInterval(seal, SEAL_EVERY_MS);
  sealTimer.unref();
  // The encoder's model is written and loaded while the app server warms up, not in the first seconds of load.
  if (options.preloadEncoder && runner)
    void preloadEncoder().catch((error: Error) => jobLogger.error(`loading the sentence encoder failed: ${error.message}`));
  const stopEmbeddingTrigger = await queueEmbeddingOnNewMessages(pgPool);
  const metricsServer = await workerMetrics(options.metricsPort);
  // GET /api/ready wants a worker's beat within a minute (lib/health/worker-heartbeat.ts).
  const heartbeat = await startHeartbeat((line) => jobLogger.error(line));
  return {
    metricsPort: metricsServer?.port,
    async stop() {
      clearInterval(timer);
      clearInterval(sealTimer);
      stopEmbeddingTrigger();
      await metricsServer?.close();
      // Running jobs finish; past the timeout, those still running are failed back to the queue (to be retried).
      const timeoutMs = options.shutdownTimeoutMs ?? 10_000;
      let deadline: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => (deadline = setTimeout(() => resolve("late"), timeoutMs)));
      const stopped = (runner ? runner.stop() : relay!.stop()).then(() => "stopped" as const);
      if ((await Promise.race([stopped, late])) === "late") await runner?.kill("shutdown timeout").catch(() => {});
      clearTimeout(deadline);
      // Whatever a stopped worker still holds goes back to the queue, unlocked, to be retried by any worker
      // (graphile-worker's forceful stop fails running jobs too, but may give up before the database answers).
      if (workerIds.length) {
        await pgSql(pgPool)
          .query(RELEASE_WORKERS, [workerIds])
          .catch((error: Error) => jobLogger.error(`could not release the jobs of a stopped worker: ${error.message}`));
      }
      // The local encoder finishes its batch and lets its model go: onnxruntime aborts a process that exits mid-run.
      await closeUseLite();
      await heartbeat.stop();
      // Every connection closed, not only asked to: the embedded database may be stopped next (scripts/serve.ts).
      await endPool(pgPool);
    },
  };
}
