import { afterAll, describe, expect, it } from "vitest";
import { sql } from "@/lib/db/sql";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { recordJobsEngine } from "@/lib/jobs/engine";
import type { JobEvent } from "@/lib/jobs/outbox-relay";
import { startWorker, type WorkerHandle } from "./worker";

// The worker with JOBS_ENGINE=inngest: no graphile task runner, the outbox relay instead, woken by the commit.

let worker: WorkerHandle | undefined;
afterAll(() => worker?.stop());

describe("the worker on Inngest", () => {
  it("sends a committed job to Inngest within moments, and runs no graphile job", async () => {
    await recordJobsEngine("inngest");
    const sent: JobEvent[] = [];
    worker = await startWorker({
      databaseUrl: process.env.DATABASE_URL!,
      engine: "inngest",
      send: async (events) => void sent.push(...events),
    });
    const id = await enqueueJob(sql(), { task: "notify", payload: { event: "draft", id: "x" } });
    const deadline = Date.now() + 5000;
    while (!sent.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.map((event) => event.id)).toEqual([`relay-job-${id}`]);
    // A graphile job queued by hand stays queued: no task runner runs here.
    await sql().unchecked("SELECT graphile_worker.add_job('notify', '{}'::json)");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await sql().unchecked("SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'notify'")).toHaveLength(
      1,
    );
  });
});
