import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { sql } from "@/lib/db/sql";
import { NOTIFY_TASK, type NotifyEvent } from "@/lib/notifications/enqueue";
import { fanOut } from "@/lib/notifications/fan-out";
import { deliverNotifications, type DeliveryOutcome } from "@/lib/notifications/deliver";
import { DELIVER_TASK, type Channel, type Target } from "@/lib/notifications/schedule";

// Fixtures for notification tests. The job worker is not running: a test runs the queued jobs itself, as the worker
// would, on a clock it sets (jobs/worker.int.test.ts-style tests run the real worker). Mail goes to a real SMTP
// receiver (smtp-server from npm, on a free port of 127.0.0.1), parsed with mailparser.

export interface QueuedJob {
  id: string;
  key: string | null;
  run_at: Date;
  revision: number;
  attempts: number;
  last_error: string | null;
  payload: Record<string, unknown>;
}

/** The queued jobs of a task, oldest first. */
export async function queued(task: string): Promise<QueuedJob[]> {
  return sql().unchecked<QueuedJob>(
    `SELECT j.id::text AS id, j.key, j.run_at, j.revision, j.attempts, j.last_error, j.payload
       FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = $1 ORDER BY j.id`,
    [task],
  );
}

/** Removes a job the test ran, unless the run moved it (a deferral updates the same keyed job). */
async function done(job: QueuedJob) {
  await sql().unchecked(`DELETE FROM graphile_worker._private_jobs WHERE id = $1::bigint AND revision = $2`, [
    job.id,
    job.revision,
  ]);
}

/** Runs every queued fan-out job (task `notify`) at `now`, as the worker would; returns their events. */
export async function runFanOuts(now: Date): Promise<NotifyEvent[]> {
  const jobs = await queued(NOTIFY_TASK);
  for (const job of jobs) {
    await fanOut(job.payload as unknown as NotifyEvent, now);
    await done(job);
  }
  return jobs.map((job) => job.payload as unknown as NotifyEvent);
}

export const targetOf = (job: QueuedJob): Target => {
  const p = job.payload as { user_id: string; workspace_id: string; channel: Channel };
  return { userId: p.user_id, workspaceId: p.workspace_id, channel: p.channel };
};

/** The queued delivery jobs, by channel when given. */
export async function deliveryJobs(channel?: Channel): Promise<QueuedJob[]> {
  return (await queued(DELIVER_TASK)).filter((job) => !channel || targetOf(job).channel === channel);
}

/**
 * Runs the delivery jobs of `channel` due by `until`, each at its own run_at (the worker's clock), until none is due;
 * returns each run's outcome.
 */
export async function runDeliveries(channel: Channel, until: Date): Promise<(DeliveryOutcome & { target: Target })[]> {
  const outcomes: (DeliveryOutcome & { target: Target })[] = [];
  for (let round = 0; round < 10; round++) {
    const due = (await deliveryJobs(channel)).filter((job) => job.run_at <= until);
    if (!due.length) break;
    for (const job of due) {
      const target = targetOf(job);
      outcomes.push({ ...(await deliverNotifications(target, job.run_at)), target });
      await done(job);
    }
  }
  return outcomes;
}

export interface Mail {
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
  at: number;
}

export interface SmtpReceiver {
  url: string;
  mails: Mail[];
  /** Makes the next `n` messages fail with a 451 (a temporary failure). */
  failNext(n: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<Mail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth): every message it accepts, parsed. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: Mail[] = [];
  let failing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failing > 0) {
          failing--;
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            mails.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed, raw, at: Date.now() });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext: (n) => void (failing = n),
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline)
          throw new Error(`SMTP receiver got ${mails.length} of ${count} emails in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A time `ms` after `t`. */
export const after = (t: Date, ms: number) => new Date(t.getTime() + ms);
