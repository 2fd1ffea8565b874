import { InngestTestEngine } from "@inngest/test";
import { Inngest } from "inngest";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { requestTtlMs } from "@/lib/agents/agent-request-record";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { EXPIRE_TASK } from "@/lib/agents/expire-agent-requests";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { createDraft } from "@/lib/drafts/create-draft";
import { FOLLOW_UP_TASK } from "@/lib/drafts/send-follow-up";
import { EXPIRE_DRAFTS_TASK } from "@/lib/drafts/expire-drafts";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { EMBED_TASK, queueEmbedPending } from "@/lib/memory/embed-pending";
import { sendMessage } from "@/lib/messages/send-message";
import { NOTIFY_TASK } from "@/lib/notifications/enqueue";
import type { FanOutResult } from "@/lib/notifications/fan-out";
import { REMINDERS_TASK } from "@/lib/notifications/reminders";
import { COALESCING, DELIVER_TASK as DELIVER_NOTIFICATIONS_TASK, deliveryJobKey } from "@/lib/notifications/schedule";
import { fakeInngest } from "@/test/inngest";
import { recordJobsEngine } from "@/lib/jobs/engine";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { jobEventId, jobEventName, relayOutbox, unsentJobs, type JobEvent } from "@/lib/jobs/outbox-relay";
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
// is resolved by the test engine (as Inngest would resolve it at run_at) and the test asserts the time it sleeps to;
// a run whose task checks the time (a follow-up, a notification delivery) wakes with the clock at run_at. Every
// function is run here: each job's, each cron sweep's, and the outbox cron's (sending to test/inngest.ts's fake).

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

/**
 * One run of the event's function, through the test engine; the sleep step resolves as Inngest resolves it. `wake`:
 * the run wakes at its run_at, as Inngest wakes it (the clock, Date only, is moved there until the run ends).
 */
async function run(task: string, event: JobEvent, { wake = false } = {}) {
  const engine = new InngestTestEngine({ function: fn(task) });
  const wakeAtRunAt = () => {
    if (!wake) return;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(event.data.run_at));
  };
  try {
    const { result, ctx } = await engine.execute({
      events: [{ id: event.id, name: event.name, data: event.data }],
      steps: [{ id: "wait-for-run-at", handler: wakeAtRunAt }],
    });
    return {
      result: result as { ran: boolean; result?: unknown; reason?: string },
      sleptUntil: ctx.step.sleepUntil.mock.calls,
    };
  } finally {
    vi.useRealTimers();
  }
}

/** The payload of the outbox row an event stands for (events carry the row's id only). */
async function payloadOf(event: JobEvent): Promise<Record<string, unknown>> {
  const [row] = await sql().unchecked<{ payload: Record<string, unknown> }>(
    "SELECT payload FROM job_outbox WHERE id = $1::bigint",
    [event.data.outbox_id],
  );
  return row!.payload;
}

/** A cron tick, as Inngest sends it. */
const tick = { name: "inngest/scheduled.timer", data: { cron: "* * * * *" } };

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
    await postPersonMessage(ana(), { conversationId: onlyHelper(), body: "Hello, Inngest" });
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
    await postPersonMessage(ana(), { conversationId: onlyHelper(), body: "Are you there?" });
    let [event] = await relayed(DELIVER_TASK);
    const deliveryId = (
      await sql().unchecked<{ id: string }>("SELECT id FROM webhook_deliveries ORDER BY created_at DESC LIMIT 1")
    )[0]!.id;
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
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({
      status: "failed",
      attemptCount: 8,
    });
    expect(receiver.received).toHaveLength(8);
  });

  it("a job's event runs it once: a second run of the same event, and a job replaced by a later one, do nothing", async () => {
    await postPersonMessage(ana(), { conversationId: onlyHelper(), body: "Once" });
    const [event] = await relayed(DELIVER_TASK);
    expect((await run(DELIVER_TASK, event!)).result.ran).toBe(true);
    expect((await run(DELIVER_TASK, event!)).result).toEqual({
      ran: false,
      reason: expect.stringContaining("another run"),
    });
    expect(receiver.received).toHaveLength(1);

    // Replaced after it was sent (same job key, mode replace): its run wakes to a cancelled row and does nothing.
    const key = "webhook:00000000-0000-4000-8000-000000000000";
    const payload = { delivery_id: "00000000-0000-4000-8000-000000000000" };
    await enqueueJob(sql(), { task: DELIVER_TASK, payload, jobKey: key });
    const [replaced] = await relayed(DELIVER_TASK);
    await enqueueJob(sql(), { task: DELIVER_TASK, payload, jobKey: key });
    const [replacement] = await relayed(DELIVER_TASK);
    expect((await run(DELIVER_TASK, replaced!)).result).toEqual({
      ran: false,
      reason: expect.stringContaining("replaced"),
    });
    expect((await run(DELIVER_TASK, replacement!)).result).toEqual({ ran: true, result: null });
  });

  it("follow-up: sleeps until it is due; a reply before then cancels it, and the run sends nothing", async () => {
    const conversationId = world.conversations[1]!.id;
    const bot = (await authenticateBot(world.bots[0]!.api_key))!;
    const draft = await createDraft(bot, {
      conversationId,
      input: {
        body: "Your renewal is ready",
        follow_up: { body: "Any questions?", delay_minutes: 30 },
      },
    });
    const { draft: approved } = await approveDraft(ana(), { draftId: draft.id });
    const [event] = await relayed(FOLLOW_UP_TASK);
    expect(event!.data).toMatchObject({ job_key: `follow-up:${draft.id}`, run_at: approved.follow_up!.due_at });
    await postPersonMessage(person(world.people[1]!.id, "web"), { conversationId, body: "Thanks, no questions" });
    const { result, sleptUntil } = await run(FOLLOW_UP_TASK, event!);
    expect(sleptUntil).toEqual([["wait-for-run-at", approved.follow_up!.due_at]]);
    expect(result).toEqual({ ran: true, result: { status: "skipped", reason: "follow-up is cancelled" } });
    expect(await db().draft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      followUpStatus: "cancelled",
      followUpCancelReason: "reply",
      followUpMessageId: null,
    });
  });

  it("follow-up: not cancelled, the run that wakes at its due time sends it once", async () => {
    const conversationId = world.conversations[1]!.id;
    const bot = (await authenticateBot(world.bots[0]!.api_key))!;
    const draft = await createDraft(bot, {
      conversationId,
      input: {
        body: "Your order shipped",
        follow_up: { body: "Did it arrive?", delay_minutes: 30 },
      },
    });
    const { draft: approved } = await approveDraft(ana(), { draftId: draft.id });
    const [event, ...more] = await relayed(FOLLOW_UP_TASK);
    expect(more).toEqual([]);
    const { result, sleptUntil } = await run(FOLLOW_UP_TASK, event!, { wake: true });
    expect(sleptUntil).toEqual([["wait-for-run-at", approved.follow_up!.due_at]]);
    expect(result).toEqual({ ran: true, result: { status: "sent", message_id: expect.any(String) } });
    const messageId = (result.result as { message_id: string }).message_id;
    expect(await db().message.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({
      conversationId,
      body: "Did it arrive?",
      senderBotId: world.bots[0]!.id,
      approvedByUserId: world.people[0]!.id,
      draftId: draft.id,
    });
    expect(await db().draft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      followUpStatus: "sent",
      followUpMessageId: messageId,
    });
    // A second run of the same event sends nothing more.
    expect((await run(FOLLOW_UP_TASK, event!, { wake: true })).result.ran).toBe(false);
    expect(await db().message.count({ where: { draftId: draft.id, body: "Did it arrive?" } })).toBe(1);
  });

  it("agent-request expiry: the cron function marks a request past its expiry expired", async () => {
    const pair = await connectedPair({ aToB: ["info"] });
    const asker = (await authenticateBot(pair.a.api_key))!;
    const long = new Date(Date.now() - requestTtlMs() - 3_600_000);
    const request = await createAgentRequest(asker, {
      input: { to: pair.b.handle, type: "info", question: "Still there?" },
      now: long,
    });
    const { result } = await new InngestTestEngine({ function: fn(EXPIRE_TASK) }).execute();
    expect((result as { expired: string[] }).expired).toContain(request.id);
    expect(await db().agentRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: "expired",
    });
  });
  it("notify, then notification delivery: a held message's fan-out tells each person, and the email goes out at run_at", async () => {
    const scheduler = (await authenticateBot(world.bots[1]!.api_key))!; // new: its messages are held
    const held = await sendMessage(scheduler, {
      conversationId: world.conversations[0]!.id,
      input: {
        body: "Shall I refund Carla?",
        blocks: undefined,
      },
    });
    if (held.status !== "pending_approval") throw new Error(`expected a hold, got ${held.status}`);
    const [notify, ...more] = await relayed(NOTIFY_TASK);
    expect(more).toEqual([]);
    expect(await payloadOf(notify!)).toEqual({ event: "draft", id: held.approvalId });
    const { result } = await run(NOTIFY_TASK, notify!);
    const people = [world.people[0]!.id, world.people[1]!.id].sort();
    expect(result.ran).toBe(true);
    expect((result.result as FanOutResult).told.sort()).toEqual(people);
    const told = await db().notification.findMany({ where: { subjectId: held.approvalId } });
    expect(told.map((n) => n.userId).sort()).toEqual(people);
    expect(told.every((n) => n.emailStatus === "pending")).toBe(true);

    // Each person's delivery on each channel is its own job, due after the gather window.
    const deliveries = await relayed(DELIVER_NOTIFICATIONS_TASK);
    const target = { userId: world.people[0]!.id, workspaceId: world.workspace.id, channel: "email" as const };
    const email = deliveries.find((event) => event.data.job_key === deliveryJobKey(target))!;
    expect(deliveries).toHaveLength(4); // 2 people x (email, push)
    const notifiedAt = told.find((n) => n.userId === target.userId)!.createdAt.getTime();
    expect(Date.parse(email.data.run_at) - notifiedAt).toBe(COALESCING.email.gatherMs);
    const emailsBefore = await db().emailOutbox.count({ where: { userId: target.userId } });
    const delivered = await run(DELIVER_NOTIFICATIONS_TASK, email, { wake: true });
    expect(delivered.sleptUntil).toEqual([["wait-for-run-at", email.data.run_at]]);
    expect(delivered.result).toEqual({ ran: true, result: { status: "sent", count: 1, transport: "outbox" } });
    const [sent] = await db().emailOutbox.findMany({
      where: { userId: target.userId },
      orderBy: { createdAt: "desc" },
      take: 1,
    });
    expect(await db().emailOutbox.count({ where: { userId: target.userId } })).toBe(emailsBefore + 1);
    expect(sent).toMatchObject({
      toAddress: world.people[0]!.email,
      items: [expect.objectContaining({ body: "Shall I refund Carla?" })],
    });
    expect(
      await db().notification.findFirstOrThrow({ where: { subjectId: held.approvalId, userId: target.userId } }),
    ).toMatchObject({
      emailStatus: "sent",
      emailSentAt: new Date(email.data.run_at),
    });
  });

  it("draft expiry: the cron function expires an overdue draft; the bot's event and the people's notice follow in the outbox", async () => {
    const bot = (await authenticateBot(world.bots[0]!.api_key))!;
    const draft = await createDraft(bot, { conversationId: onlyHelper(), input: { body: "An offer that lapses" } });
    await relayed(NOTIFY_TASK); // the people were told of the draft
    await sql().unchecked("UPDATE drafts SET expires_at = now() - interval '1 second' WHERE id = $1", [draft.id]);
    const { result } = await new InngestTestEngine({ function: fn(EXPIRE_DRAFTS_TASK) }).execute({ events: [tick] });
    expect(result).toEqual({ expired: [draft.id] });
    expect(await db().draft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "expired" });
    const [notify, ...more] = await relayed(NOTIFY_TASK);
    expect(more).toEqual([]);
    expect(await payloadOf(notify!)).toEqual({ event: "draft_expired", id: draft.id });
    expect(
      await db().webhookDelivery.count({
        where: { eventType: "draft.expired", payload: { path: ["data", "draft_id"], equals: draft.id } },
      }),
    ).toBe(1);
  });

  it("reminders: the cron function marks an approval waiting past the reminder time reminded, and its notice goes to the outbox", async () => {
    const scheduler = (await authenticateBot(world.bots[1]!.api_key))!;
    const held = await sendMessage(scheduler, {
      conversationId: world.conversations[0]!.id,
      input: {
        body: "Still want the refund?",
        blocks: undefined,
      },
    });
    if (held.status !== "pending_approval") throw new Error(`expected a hold, got ${held.status}`);
    await relayed(NOTIFY_TASK); // its first notification
    await sql().unchecked("UPDATE drafts SET created_at = now() - interval '61 minutes' WHERE id = $1", [
      held.approvalId,
    ]);
    const { result } = await new InngestTestEngine({ function: fn(REMINDERS_TASK) }).execute({ events: [tick] });
    expect(result).toEqual({ drafts: 1, agentRequests: 0, escalated: 0 });
    expect((await db().draft.findUniqueOrThrow({ where: { id: held.approvalId } })).remindedAt).not.toBeNull();
    const [notify, ...more] = await relayed(NOTIFY_TASK);
    expect(more).toEqual([]);
    expect(await payloadOf(notify!)).toEqual({ event: "draft_reminder", id: held.approvalId });
    // Once: the next tick reminds of nothing.
    expect((await new InngestTestEngine({ function: fn(REMINDERS_TASK) }).execute({ events: [tick] })).result).toEqual({
      drafts: 0,
      agentRequests: 0,
      escalated: 0,
    });
  });

  it("embeddings: the queued job embeds the pending messages; the cron tick (its safety net) embeds what came since", async () => {
    const embedded = async (messageId: string) =>
      db().embedding.count({ where: { subjectType: "message", subjectId: messageId, model: embeddingModelId() } });
    const first = await postPersonMessage(ana(), {
      conversationId: world.conversations[0]!.id,
      body: "My parcel never came",
    });
    await queueEmbedPending();
    const [event, ...more] = await relayed(EMBED_TASK);
    expect(more).toEqual([]);
    expect(await embedded(first.message.id)).toBe(0);
    const { result } = await run(EMBED_TASK, event!);
    expect(result).toMatchObject({ ran: true, result: { more: false, messages: expect.any(Number) } });
    expect((result.result as { messages: number }).messages).toBeGreaterThan(0);
    expect(await embedded(first.message.id)).toBe(1);

    const second = await postPersonMessage(ana(), {
      conversationId: world.conversations[0]!.id,
      body: "Could you send it again?",
    });
    const cron = await new InngestTestEngine({ function: fn(EMBED_TASK) }).execute({ events: [tick] });
    expect(cron.result).toEqual({ ran: true, result: expect.objectContaining({ messages: 1, more: false }) });
    expect(cron.ctx.step.sleepUntil).not.toHaveBeenCalled(); // a tick has no job row to wait for or claim
    expect(await embedded(second.message.id)).toBe(1);
  });

  it("the outbox cron: rows no relay process sent go to Inngest under their row's event id, and are marked sent", async () => {
    const drain = (send: (events: JobEvent[]) => Promise<void>) => {
      const found = relayFunctions(client, { send }).find((f) => f.opts.id === "relay-job-outbox");
      return new InngestTestEngine({ function: found! });
    };
    await postPersonMessage(ana(), { conversationId: onlyHelper(), body: "Sent by the cron" });
    const [row] = await sql().unchecked<{ id: string }>(
      "SELECT id::text AS id FROM job_outbox WHERE sent_at IS NULL AND task = $1",
      [DELIVER_TASK],
    );
    expect(await unsentJobs()).toBe(1);

    // Inngest down: the run fails (the next minute's tick tries again) and the row stays unsent, with the error.
    const down = await drain(async () => {
      throw new Error("inngest is down");
    }).execute({ events: [tick] });
    expect(down.error).toMatchObject({ message: expect.stringContaining("inngest is down") });
    expect(await unsentJobs()).toBe(1);

    const inngest = fakeInngest();
    const { result } = await drain(inngest.send).execute({ events: [tick] });
    expect(result).toEqual({ sent: 1 });
    expect([...inngest.accepted.values()]).toEqual([
      {
        id: jobEventId(row!.id),
        name: jobEventName(DELIVER_TASK),
        data: { outbox_id: row!.id, run_at: expect.any(String), job_key: expect.any(String) },
      },
    ]);
    expect(await unsentJobs()).toBe(0);
    expect((await drain(inngest.send).execute({ events: [tick] })).result).toEqual({ sent: 0 });
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
