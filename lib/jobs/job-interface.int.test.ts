import { InngestTestEngine } from "@inngest/test";
import { runOnce } from "graphile-worker";
import { Inngest } from "inngest";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createJobFunction } from "@/inngest/functions";
import { makeJobPool } from "@/lib/db/job-pool";
import { sql, transaction } from "@/lib/db/sql";
import { enqueueJob } from "./enqueue-job";
import { recordJobsEngine, type JobsEngine } from "./engine";
import { relayOutbox, type JobEvent } from "./outbox-relay";

// The one job interface (relay_enqueue_job(), here through enqueueJob) behaves the same on both engines: a job
// commits with its cause or not at all, runs once, not before its run_at, and a job key keeps one waiting job.
// graphile: graphile-worker's runOnce with the test's task. inngest: the outbox relay, then each event's run through
// @inngest/test with the real job function (inngest/functions.ts); a run whose run_at is still ahead is left
// sleeping, as Inngest leaves it (the sleep itself: inngest/functions.int.test.ts asserts where each run sleeps to).

const TASK = "test_job";
let pool: ReturnType<typeof makeJobPool> | undefined;
afterAll(() => pool?.end());

interface Harness {
  /** Runs what is due now; returns the payloads the task ran with. */
  drain(): Promise<unknown[]>;
}

function graphile(): Harness {
  return {
    async drain() {
      const ran: unknown[] = [];
      pool ??= makeJobPool(process.env.DATABASE_URL!, 4); // this file's database, known once its setup ran
      await runOnce({
        pgPool: pool,
        taskList: { [TASK]: async (payload) => void ran.push(payload) },
        logger: undefined,
      });
      return ran;
    },
  };
}

function inngest(): Harness {
  const ran: unknown[] = [];
  const fn = createJobFunction(new Inngest({ id: "relay-test", isDev: true }), {
    task: TASK,
    run: async (payload) => void ran.push(payload),
  });
  const sleeping: JobEvent[] = [];
  return {
    async drain() {
      ran.length = 0;
      await relayOutbox(async (events) => void sleeping.push(...events));
      for (const event of sleeping.splice(0)) {
        if (Date.parse(event.data.run_at) > Date.now()) {
          sleeping.push(event);
          continue;
        }
        await new InngestTestEngine({ function: fn }).execute({
          events: [{ id: event.id, name: event.name, data: event.data }],
          steps: [{ id: "wait-for-run-at", handler() {} }],
        });
      }
      return [...ran];
    },
  };
}

describe.each([
  ["graphile", graphile],
  ["inngest", inngest],
] as [JobsEngine, () => Harness][])("the job interface on %s", (engine, harness) => {
  let jobs: Harness;
  beforeEach(async () => {
    await recordJobsEngine(engine);
    await sql().unchecked("DELETE FROM graphile_worker._private_jobs");
    await sql().unchecked("DELETE FROM job_outbox");
    jobs = harness();
  });

  it("a job enqueued in a transaction that rolls back never runs", async () => {
    await transaction(async (tx) => {
      await enqueueJob(tx, { task: TASK, payload: { n: 1 } });
      throw new Error("the cause failed");
    }).catch(() => {});
    expect(await jobs.drain()).toEqual([]);
  });

  it("a committed job runs once", async () => {
    await transaction((tx) => enqueueJob(tx, { task: TASK, payload: { n: 2 } }));
    expect(await jobs.drain()).toEqual([{ n: 2 }]);
    expect(await jobs.drain()).toEqual([]);
  });

  it("a job runs at its run_at, not before", async () => {
    await enqueueJob(sql(), { task: TASK, payload: { n: 3 }, runAt: new Date(Date.now() + 1500) });
    expect(await jobs.drain()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await jobs.drain()).toEqual([{ n: 3 }]);
  });

  it("a job key keeps one waiting job: the later enqueue replaces it", async () => {
    await enqueueJob(sql(), { task: TASK, payload: { n: 4 }, jobKey: "k" });
    await enqueueJob(sql(), { task: TASK, payload: { n: 5 }, jobKey: "k" });
    expect(await jobs.drain()).toEqual([{ n: 5 }]);
  });
});
