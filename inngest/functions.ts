import type { Inngest } from "inngest";
import { expireAgentRequests, EXPIRE_CRONTAB, EXPIRE_TASK } from "@/lib/agents/expire-agent-requests";
import { expireDrafts, EXPIRE_DRAFTS_CRONTAB, EXPIRE_DRAFTS_TASK } from "@/lib/drafts/expire-drafts";
import { FOLLOW_UP_TASK, sendFollowUp } from "@/lib/drafts/send-follow-up";
import { claimOutboxJob } from "@/lib/jobs/claim-outbox-job";
import { jobEventName, relayOutbox, type SendJobEvents } from "@/lib/jobs/outbox-relay";
import { EMBED_TASK, embedPending, queueEmbedPending } from "@/lib/memory/embed-pending";
import { deliverNotifications } from "@/lib/notifications/deliver";
import { NOTIFY_MAX_ATTEMPTS, NOTIFY_TASK, type NotifyEvent } from "@/lib/notifications/enqueue";
import { fanOut } from "@/lib/notifications/fan-out";
import { REMINDERS_CRONTAB, REMINDERS_TASK, sendReminders } from "@/lib/notifications/reminders";
import {
  DELIVER_MAX_ATTEMPTS,
  DELIVER_TASK as DELIVER_NOTIFICATIONS_TASK,
  type Channel,
} from "@/lib/notifications/schedule";
import { pruneExpiredRows, RETENTION_CRONTAB, RETENTION_TASK } from "@/lib/retention/prune-expired-rows";
import { CHECKPOINT_CRONTAB, CHECKPOINT_TASK, writeCheckpoint } from "@/lib/audit/checkpoints";
import { SEAL_CRONTAB, SEAL_TASK, sealAuditLog } from "@/lib/audit/seal-audit-log";
import { SIGN_IN_ALERT_MAX_ATTEMPTS, SIGN_IN_ALERT_TASK } from "@/lib/sessions/sign-in-alert-task";
import { ERASE_MAX_ATTEMPTS, ERASE_TASK, runErasure } from "@/lib/privacy/run-erasure";
import { EXPORT_MAX_ATTEMPTS, EXPORT_TASK, buildExport } from "@/lib/privacy/build-export";
import { sendSignInAlert } from "@/lib/sessions/sign-in-alert";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { DELIVER_TASK } from "@/lib/webhooks/emit-event";
import { sendJobEvents } from "./client";

// The jobs of JOBS_ENGINE=inngest as Inngest functions (docs/decisions/027-jobs-engine-inngest.md), served at
// /api/inngest. Each runs the same domain function as its graphile-worker task (jobs/tasks/), on the same schedule:
//
// - A job enqueued by the domain (relay_enqueue_job(), in the transaction of its cause) reaches Inngest as the event
//   `relay/job.<task>` sent by the outbox relay after commit. Its run sleeps until the job's run_at (step.sleepUntil:
//   a delivery's retry 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h later, a follow-up's due time), claims its outbox row
//   (a row replaced by a later enqueue with the same job key, or taken by another run, is not run) and runs the task.
// - Webhook delivery keeps its own schedule (docs/decisions/006): each attempt records its result and, in the same
//   statement, enqueues the next attempt with its run_at, which becomes the next event and its sleep. Inngest's
//   retries, like graphile's max_attempts, only cover a crash of the task's own code.
// - The sweeps graphile's crontab runs (every minute; retention every 10) are cron functions here; so is a safety net of the outbox relay
//   (rows left unsent while no worker process runs one: a serverless deployment).

/** Retries after the first try: graphile's max_attempts - 1 for the same task. */
const RETRIES = {
  [DELIVER_TASK]: 2, // emit-event.ts: max_attempts 3
  [FOLLOW_UP_TASK]: 4, // send-follow-up.ts: max_attempts 5
  [NOTIFY_TASK]: NOTIFY_MAX_ATTEMPTS - 1,
  [DELIVER_NOTIFICATIONS_TASK]: DELIVER_MAX_ATTEMPTS - 1,
  [EMBED_TASK]: 3,
  [SIGN_IN_ALERT_TASK]: SIGN_IN_ALERT_MAX_ATTEMPTS - 1,
  [ERASE_TASK]: ERASE_MAX_ATTEMPTS - 1,
  [EXPORT_TASK]: EXPORT_MAX_ATTEMPTS - 1,
  cron: 2, // crontab's max=3
} as const;

/** A crontab line's schedule (its first five fields), so both engines run a sweep on the same one. */
const scheduleOf = (line: string) => line.split(/\s+/).slice(0, 5).join(" ");

/** The id of a task's Inngest function. */
export const functionId = (task: string) => task.replaceAll("_", "-");

interface JobEventData {
  outbox_id: string;
  run_at: string;
}

type Step = {
  sleepUntil(id: string, time: Date | string): Promise<unknown>;
  run<T>(id: string, fn: () => Promise<T>): Promise<unknown>;
};

/** The common part of a job's run: wait for run_at, claim the outbox row. The claimed payload, or null (skipped). */
async function waitAndClaim(step: Step, data: JobEventData, runId: string) {
  // Always a sleep step (a past time resolves at once), so the run's steps are the same on every invocation.
  await step.sleepUntil("wait-for-run-at", data.run_at);
  return (await step.run("claim", () => claimOutboxJob(data.outbox_id, { runId }))) as Awaited<
    ReturnType<typeof claimOutboxJob>
  >;
}

export interface JobFunctionOptions {
  task: string;
  /** Runs the job with its payload ({} on a cron tick). */
  run: (payload: Record<string, unknown>) => Promise<unknown>;
  /** Retries after the first try: 2 unless given. */
  retries?: number;
  /** One run at a time (graphile's named queue). */
  singleton?: boolean;
  /** Also runs on this schedule. */
  cron?: string;
}

/**
 * The Inngest function of a job task: triggered by its outbox event (and by `cron`, if given), it waits for run_at,
 * claims its row and runs `run` with the row's payload. Exported for the job interface's behaviour tests.
 */
export function createJobFunction(client: Inngest, { task, run, retries = 2, singleton, cron }: JobFunctionOptions) {
  return client.createFunction(
    {
      id: functionId(task),
      name: task,
      retries: retries as 2,
      // graphile's named queue (one job at a time): one run at a time.
      ...(singleton ? { concurrency: { limit: 1 } } : {}),
      triggers: [{ event: jobEventName(task) }, ...(cron ? [{ cron }] : [])],
    },
    async ({ event, step, runId }) => {
      const data = event.data as Partial<JobEventData>;
      if (!data.outbox_id || !data.run_at) {
        // A cron tick (embeddings' safety net): no outbox row to claim.
        return { ran: true, result: await step.run(task, () => run({})) };
      }
      const job = await waitAndClaim(step as unknown as Step, data as JobEventData, runId);
      if (!job) return { ran: false, reason: "replaced by a later job with the same key, or run by another run" };
      return { ran: true, result: await step.run(task, () => run(job.payload)) };
    },
  );
}

/** `send`: how the outbox cron sends its rows (the app's client; a fake Inngest in tests). */
export function relayFunctions(client: Inngest, { send = sendJobEvents }: { send?: SendJobEvents } = {}) {
  const jobFunction = (
    task: string,
    run: (payload: Record<string, unknown>) => Promise<unknown>,
    options?: { retries: number; singleton?: boolean; cron?: string },
  ) => createJobFunction(client, { task, run, ...options });

  const cronFunction = (task: string, crontab: string, run: () => Promise<unknown>) =>
    client.createFunction(
      { id: functionId(task), name: task, retries: RETRIES.cron, triggers: [{ cron: scheduleOf(crontab) }] },
      async ({ step }) => step.run(task, run),
    );

  return [
    jobFunction(DELIVER_TASK, (p) => attemptDelivery(String(p.delivery_id)), { retries: RETRIES[DELIVER_TASK] }),
    jobFunction(FOLLOW_UP_TASK, (p) => sendFollowUp(String(p.draft_id)), { retries: RETRIES[FOLLOW_UP_TASK] }),
    jobFunction(NOTIFY_TASK, (p) => fanOut(p as unknown as NotifyEvent), { retries: RETRIES[NOTIFY_TASK] }),
    jobFunction(SIGN_IN_ALERT_TASK, (p) => sendSignInAlert(String(p.session_id)), {
      retries: RETRIES[SIGN_IN_ALERT_TASK],
    }),
    jobFunction(ERASE_TASK, (p) => runErasure(String(p.erasure_id)), { retries: RETRIES[ERASE_TASK] }),
    jobFunction(EXPORT_TASK, (p) => buildExport(String(p.export_id)), { retries: RETRIES[EXPORT_TASK] }),
    jobFunction(
      DELIVER_NOTIFICATIONS_TASK,
      (p) =>
        deliverNotifications({
          userId: String(p.user_id),
          workspaceId: String(p.workspace_id),
          channel: p.channel as Channel,
        }),
      { retries: RETRIES[DELIVER_NOTIFICATIONS_TASK] },
    ),
    // Embeddings: one run at a time, in slices (a slice that ran out with work left queues the next), and every
    // minute as the safety net (graphile: the queue relay_embeddings and a crontab line).
    jobFunction(
      EMBED_TASK,
      async () => {
        const result = await embedPending({ budgetMs: 20_000 });
        if (result.more) await queueEmbedPending();
        return result;
      },
      { retries: RETRIES[EMBED_TASK], singleton: true, cron: "* * * * *" },
    ),
    cronFunction(EXPIRE_TASK, EXPIRE_CRONTAB, () => expireAgentRequests()),
    cronFunction(EXPIRE_DRAFTS_TASK, EXPIRE_DRAFTS_CRONTAB, () => expireDrafts()),
    cronFunction(REMINDERS_TASK, REMINDERS_CRONTAB, () => sendReminders()),
    cronFunction(RETENTION_TASK, RETENTION_CRONTAB, () => pruneExpiredRows()),
    // The audit chain: sealed every minute where no worker seals it every 5 s (a deployment without one), its head
    // signed every 10 minutes.
    cronFunction(SEAL_TASK, SEAL_CRONTAB, () => sealAuditLog()),
    cronFunction(CHECKPOINT_TASK, CHECKPOINT_CRONTAB, () => writeCheckpoint()),
    // Rows no relay process sent (none runs on a serverless deployment): sent within a minute.
    client.createFunction(
      { id: "relay-job-outbox", name: "job outbox relay", retries: 0, triggers: [{ cron: "* * * * *" }] },
      async ({ step }) =>
        step.run("relay", async () => {
          const pass = await relayOutbox(send);
          if (pass.error) throw new Error(`could not send the outbox: ${pass.error}`);
          return pass;
        }),
    ),
  ];
}

let cached: ReturnType<typeof relayFunctions> | undefined;
/** The functions on the app's client (inngest/client.ts). */
export async function inngestFunctions(): Promise<ReturnType<typeof relayFunctions>> {
  const { inngest } = await import("./client");
  cached ??= relayFunctions(inngest());
  return cached;
}
