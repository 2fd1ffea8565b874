import { beforeEach, describe, expect, it } from "vitest";
import { sql, transaction } from "@/lib/db/sql";
import { enqueueJob } from "./enqueue-job";
import { recordJobsEngine } from "./engine";
import { fakeInngest } from "@/test/inngest";
import { jobEventId, relayOutbox, unsentJobs } from "./outbox-relay";

// The transactional outbox of JOBS_ENGINE=inngest (docs/decisions/027-jobs-engine-inngest.md): what commits reaches
// Inngest, once per row as Inngest counts (the event id is the row's), whatever crashes and however many relays run.
// "Inngest" here (test/inngest.ts) records what it accepted and, like Inngest, drops an event whose id it already has.

beforeEach(async () => {
  await recordJobsEngine("inngest");
  await sql().unchecked("DELETE FROM job_outbox");
});

describe("the job outbox", () => {
  it("a crash after the commit and before the send loses nothing: the next relay sends it", async () => {
    const id = await transaction((tx) => enqueueJob(tx, { task: "deliver_webhook", payload: { delivery_id: "d-1" } }));
    // The process dies here: committed, never sent. Nothing went to graphile-worker either.
    expect(await unsentJobs()).toBe(1);
    expect(await sql().unchecked("SELECT 1 FROM graphile_worker.jobs")).toEqual([]);
    const inngest = fakeInngest();
    expect(await relayOutbox(inngest.send)).toEqual({ sent: 1 });
    expect([...inngest.accepted.values()]).toEqual([
      {
        id: `relay-job-${id}`,
        name: "relay/job.deliver_webhook",
        data: { outbox_id: id, run_at: expect.any(String), job_key: null },
      },
    ]);
    expect(await unsentJobs()).toBe(0);
  });

  it("a rolled-back transaction leaves no row to send", async () => {
    await transaction(async (tx) => {
      await enqueueJob(tx, { task: "notify", payload: { event: "draft", id: "x" } });
      throw new Error("the cause failed");
    }).catch(() => {});
    expect(await unsentJobs()).toBe(0);
  });

  it("a relay run twice, or two at once, sends each row once", async () => {
    for (let i = 0; i < 250; i++)
      await enqueueJob(sql(), { task: "notify", payload: { event: "draft", id: String(i) } });
    const inngest = fakeInngest();
    const passes = await Promise.all([
      relayOutbox(inngest.send, { batch: 40 }),
      relayOutbox(inngest.send, { batch: 40 }),
    ]);
    expect(passes[0]!.sent + passes[1]!.sent).toBe(250);
    expect(await relayOutbox(inngest.send)).toEqual({ sent: 0 });
    const sent = inngest.requests.flat();
    expect(sent).toHaveLength(250);
    expect(new Set(sent.map((event) => event.id)).size).toBe(250);
  });

  it("a failed send leaves the rows unsent, with the error, for the next pass", async () => {
    await enqueueJob(sql(), { task: "notify", payload: { event: "draft", id: "x" } });
    const down = await relayOutbox(async () => {
      throw new Error("inngest is down");
    });
    expect(down).toEqual({ sent: 0, error: "inngest is down" });
    const [row] = await sql().unchecked<{ sent_at: Date | null; send_attempts: number; last_send_error: string }>(
      "SELECT sent_at, send_attempts, last_send_error FROM job_outbox",
    );
    expect(row).toEqual({ sent_at: null, send_attempts: 1, last_send_error: "inngest is down" });
    const inngest = fakeInngest();
    expect(await relayOutbox(inngest.send)).toEqual({ sent: 1 });
  });

  it("a crash after Inngest accepted and before the row was marked sends it again with the same event id", async () => {
    const id = await enqueueJob(sql(), { task: "notify", payload: { event: "draft", id: "x" } });
    const inngest = fakeInngest();
    // Inngest accepts, then the relay dies before its commit (its transaction rolls back).
    const crashed = await relayOutbox(async (events) => {
      await inngest.send(events);
      throw new Error("killed");
    });
    expect(crashed.error).toBe("killed");
    expect(await relayOutbox(inngest.send)).toEqual({ sent: 1 });
    expect(inngest.requests.map((events) => events.map((event) => event.id))).toEqual([
      [jobEventId(id)],
      [jobEventId(id)],
    ]);
    expect(inngest.accepted.size).toBe(1); // Inngest drops the second: one run
  });

  it("job keys: a waiting row is replaced in place before it is sent, and cancelled (a new row sent) after", async () => {
    const later = new Date(Date.now() + 3_600_000);
    const first = await enqueueJob(sql(), {
      task: "send_follow_up",
      payload: { draft_id: "a" },
      jobKey: "follow-up:a",
      runAt: later,
    });
    const again = await enqueueJob(sql(), {
      task: "send_follow_up",
      payload: { draft_id: "a" },
      jobKey: "follow-up:a",
      runAt: new Date(later.getTime() + 1000),
    });
    expect(again).toBe(first);
    const inngest = fakeInngest();
    await relayOutbox(inngest.send);
    const moved = await enqueueJob(sql(), {
      task: "send_follow_up",
      payload: { draft_id: "a" },
      jobKey: "follow-up:a",
      runAt: later,
    });
    expect(moved).not.toBe(first);
    const rows = await sql().unchecked<{ id: string; cancelled: boolean; run_at: Date }>(
      "SELECT id::text, cancelled_at IS NOT NULL AS cancelled, run_at FROM job_outbox ORDER BY id",
    );
    expect(rows).toEqual([
      { id: first, cancelled: true, run_at: new Date(later.getTime() + 1000) },
      { id: moved, cancelled: false, run_at: later },
    ]);
    // preserve_run_at keeps the waiting row's time; unsafe_dedupe leaves it be.
    expect(
      await enqueueJob(sql(), {
        task: "send_follow_up",
        payload: { draft_id: "b" },
        jobKey: "follow-up:a",
        jobKeyMode: "preserve_run_at",
        runAt: new Date(),
      }),
    ).toBe(moved);
    expect(
      await enqueueJob(sql(), {
        task: "send_follow_up",
        payload: { draft_id: "c" },
        jobKey: "follow-up:a",
        jobKeyMode: "unsafe_dedupe",
      }),
    ).toBe(moved);
    const [kept] = await sql().unchecked<{ run_at: Date; payload: unknown }>(
      "SELECT run_at, payload FROM job_outbox WHERE id = $1",
      [moved],
    );
    expect(kept).toEqual({ run_at: later, payload: { draft_id: "b" } });
  });
});
