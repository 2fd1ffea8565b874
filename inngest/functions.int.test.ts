import { InngestTestEngine } from "@inngest/test";
import { Inngest } from "inngest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { requestTtlMs } from "@/lib/agents/agent-request-record";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { EXPIRE_TASK } from "@/lib/agents/expire-agent-requests";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { createDraft } from "@/lib/drafts/create-draft";
import { FOLLOW_UP_TASK } from "@/lib/drafts/send-follow-up";
import { recordJobsEngine } from "@/lib/jobs/engine";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { jobEventName, relayOutbox, type JobEvent } from "@/lib/jobs/outbox-relay";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { RETRY_DELAYS_SECONDS, type AttemptOutcome } from "@/lib/webhooks/attempt-delivery";
import { DELIVER_TASK } from "@/lib/webhooks/emit-event";
import { RETENTION_TASK } from "@/lib/retention/prune-expired-rows";
import { connectedPair } from "@/test/agents";
import { startReceiver, type Receiver } from "@/test/receiver";
import { functionId, relayFunctions } from "./functions";

// The Inngest functions of JOBS_ENGINE=inngest, each run by @inngest/test's engine (the real handler with Inngest's
// step semantics) on this file's database, fed by the real outbox relay. No Inngest server runs here: the sleep step
// is resolved by the test engine (as Inngest would resolve it at run_at) and the test asserts the time it sleeps to.

const client = new Inngest({ id: "relay-test", isDev: true });
const functions = relayFunctions(client);
const fn = (task: string) => {
  const found = functions.find((f) => f.opts.id === functionId(task));
  if (!found) throw new Error(`no function for ${task}`);
  return found;
};

let receiver: Receiver;
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const onlyHelper = () => world.conversations[1]!.id; // only @helper is authorized there

/** What the outbox relay sends to Inngest now, of one task. */
async function relayed(task: string): Promise<JobEvent[]> {
  const sent: JobEvent[] = [];
  await relayOutbox(async (events) => void sent.push(...events));
  return sent.filter((event) => event.name === jobEventName(task));
}

/** One run of the event's function, through the test engine; the sleep step resolves as Inngest resolves it. */
async function run(task: string, event: JobEvent) {
  const engine = new InngestTestEngine({ function: fn(task) });
  const { result, ctx } = await engine.execute({
    events: [{ id: event.id, name: event.name, data: event.data }],
    steps: [{ id: "wait-for-run-at", handler() {} }],
  });
  return { result: result as { ran: boolean; result?: unknown; reason?: string }, sleptUntil: ctx.step.sleepUntil.mock.calls };
}

beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({ webhookUrl: receiver.url });
  await recordJobsEngine("inngest");
  await sql().unchecked("DELETE FROM graphile_worker._private_jobs"); // what the seed queued before the switch
});
afterAll(() => receiver.close());
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.respond = (_req, res) => res.end("ok");
  await relayOutbox(async () => {}); // what the seed queued
});

describe("Inngest functions", () => {
  it("webhook delivery: the committed event reaches Inngest, whose run sleeps until run_at and delivers it", async () => {
    await postPersonMessage(ana(), onlyHelper(), "Hello, Inngest");
    expect(await sql().unchecked("SELECT 1 FROM graphile_worker.jobs")).toEqual([]); // nothing for graphile
    const [event, ...more] = await relayed(DELIVER_TASK);
    expect(more).toEqual([]);
    const { result, sleptUntil } = await run(DELIVER_TASK, event!);
    expect(sleptUntil).toEqual([["wait-for-run-at", event!.data.run_at]]);
    expect(result).toMatchObject({ ran: true, result: { status: "succeeded", attempt: 1, trigger: "delivery" } });
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body).data.message.body).toBe("Hello, Inngest");
  });

  it("webhook delivery: each retry sleeps exactly the schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then fails", async () => {
    receiver.respond = (_req, res) => res.writeHead(500).end("down");
    await postPersonMessage(ana(), onlyHelper(), "Are you there?");
    let [event] = await relayed(DELIVER_TASK);
    const deliveryId = (await sql().unchecked<{ id: string }>("SELECT id FROM webhook_deliveries ORDER BY created_at DESC LIMIT 1"))[0]!.id;
    for (let attempt = 1; attempt <= RETRY_DELAYS_SECONDS.length + 1; attempt++) {
      const { result, sleptUntil } = await run(DELIVER_TASK, event!);
      expect(sleptUntil).toEqual([["wait-for-run-at", event!.data.run_at]]);
      const outcome = result.result as AttemptOutcome;
      expect(outcome).toMatchObject({ delivery_id: deliveryId, attempt, response_status: 500 });
      const next = await relayed(DELIVER_TASK);
      if (attempt > RETRY_DELAYS_SECONDS.length) {
        expect(outcome).toMatchObject({ status: "failed", next_attempt_at: null });
        expect(next).toEqual([]);
        break;
      }
      expect(outcome.status).toBe("pending");
      const [recorded] = await sql().unchecked<{ started_at: Date; duration_ms: number }>(
        "SELECT started_at, duration_ms FROM webhook_attempts WHERE delivery_id = $1 AND number = $2",
        [deliveryId, attempt],
      );
      const finishedAt = recorded!.started_at.getTime() + recorded!.duration_ms;
      expect(next).toHaveLength(1);
      // The next run sleeps until the schedule's time after this attempt ended (the next event's run_at).
      expect(Date.parse(next[0]!.data.run_at) - finishedAt).toBe(RETRY_DELAYS_SECONDS[attempt - 1]! * 1000);
      expect(next[0]!.data.run_at).toBe(outcome.next_attempt_at);
      event = next[0];
    }
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ status: "failed", attemptCount: 8 });
    expect(receiver.received).toHaveLength(8);
  });

  it("a job's event runs it once: a second run of the same event, and a job replaced by a later one, do nothing", async () => {
    await postPersonMessage(ana(), onlyHelper(), "Once");
    const [event] = await relayed(DELIVER_TASK);
    expect((await run(DELIVER_TASK, event!)).result.ran).toBe(true);
    expect((await run(DELIVER_TASK, event!)).result).toEqual({ ran: false, reason: expect.stringContaining("another run") });
    expect(receiver.received).toHaveLength(1);

    // Replaced after it was sent (same job key, mode replace): its run wakes to a cancelled row and does nothing.
    const key = "webhook:00000000-0000-4000-8000-000000000000";
    const payload = { delivery_id: "00000000-0000-4000-8000-000000000000" };
    await enqueueJob(sql(), DELIVER_TASK, payload, { jobKey: key });
    const [replaced] = await relayed(DELIVER_TASK);
    await enqueueJob(sql(), DELIVER_TASK, payload, { jobKey: key });
    const [replacement] = await relayed(DELIVER_TASK);
    expect((await run(DELIVER_TASK, replaced!)).result).toEqual({ ran: false, reason: expect.stringContaining("replaced") });
    expect((await run(DELIVER_TASK, replacement!)).result).toEqual({ ran: true, result: null });
  });

  it("follow-up: sleeps until it is due; a reply before then cancels it, and the run sends nothing", async () => {
    const conversationId = world.conversations[1]!.id;
    const bot = (await authenticateBot(world.bots[0]!.api_key))!;
    const draft = await createDraft(bot, conversationId, { body: "Your renewal is ready", follow_up: { body: "Any questions?", delay_minutes: 30 } });
    const { draft: approved } = await approveDraft(ana(), draft.id);
    const [event] = await relayed(FOLLOW_UP_TASK);
    expect(event!.data).toMatchObject({ job_key: `follow-up:${draft.id}`, run_at: approved.follow_up!.due_at });
    await postPersonMessage(person(world.people[1]!.id, "web"), conversationId, "Thanks, no questions");
    const { result, sleptUntil } = await run(FOLLOW_UP_TASK, event!);
    expect(sleptUntil).toEqual([["wait-for-run-at", approved.follow_up!.due_at]]);
    expect(result).toEqual({ ran: true, result: { status: "skipped", reason: "follow-up is cancelled" } });
    expect(await db().draft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ followUpStatus: "cancelled", followUpCancelReason: "reply", followUpMessageId: null });
  });

  it("agent-request expiry: the cron function marks a request past its expiry expired", async () => {
    const pair = await connectedPair({ aToB: ["info"] });
    const asker = (await authenticateBot(pair.a.api_key))!;
    const long = new Date(Date.now() - requestTtlMs() - 3_600_000);
    const request = await createAgentRequest(asker, { to: pair.b.handle, type: "info", question: "Still there?" }, undefined, long);
    const { result } = await new InngestTestEngine({ function: fn(EXPIRE_TASK) }).execute();
    expect((result as { expired: string[] }).expired).toContain(request.id);
    expect(await db().agentRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: "expired" });
  });

  it("retention: the cron function (every 10 minutes, as graphile's crontab) prunes expired rows and keeps live ones", async () => {
    expect(fn(RETENTION_TASK).opts.triggers).toEqual([{ cron: "*/10 * * * *" }]);
    const botId = world.bots[0]!.id;
    await sql().unchecked(
      `INSERT INTO idempotency_keys (bot_id, key, request_hash, state, expires_at) VALUES
         ($1, 'retention-expired', 'h', 'completed', now() - interval '1 hour'),
         ($1, 'retention-live', 'h', 'completed', now() + interval '1 hour')`,
      [botId],
    );
    const { result } = await new InngestTestEngine({ function: fn(RETENTION_TASK) }).execute();
    expect(result).toMatchObject({ done: true });
    expect((result as { deleted: { idempotency_keys: number } }).deleted.idempotency_keys).toBeGreaterThanOrEqual(1);
    const keys = await db().idempotencyKey.findMany({ where: { key: { startsWith: "retention-" } } });
    expect(keys.map((k) => k.key)).toEqual(["retention-live"]);
  });
});
