import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { createDraft } from "@/lib/drafts/create-draft";
import { EXPIRE_DRAFTS_TASK, expireDrafts } from "@/lib/drafts/expire-drafts";
import { listPendingApprovals } from "@/lib/drafts/list-pending-approvals";
import { sendMessage } from "@/lib/messages/send-message";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { startWorker } from "@/jobs/worker";
import { connectedPair } from "@/test/agents";
import { after, queued, runFanOuts } from "@/test/notifications";
import { startReceiver, type Receiver } from "@/test/receiver";
import { verifyWebhook } from "@/sdk/index";
import { startEchoBot } from "@/examples/echo-bot/server";
import { updateBot } from "@/lib/bots/update-bot";
import { REMINDERS_TASK, sendReminders } from "./reminders";

// Reminders and expiry on a clock the test sets: one reminder for an approval still waiting after the workspace's
// reminder time; a draft or held message that expires is marked so by the sweep (or by an approval that comes too
// late), its bot hears `draft.expired`, signed, and the people who could have decided are told.

const MINUTE = 60_000;
let receiver: Receiver;
let world: SeededWorld;
let newBot: BotPrincipal;
const ana = () => world.people[0]!;
const ben = () => world.people[1]!;
const conversation = () => world.conversations[0]!.id;

beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({ webhookUrl: receiver.url });
  newBot = (await authenticateBot(world.bots[1]!.api_key))!;
});
afterAll(() => receiver.close());
beforeEach(async () => {
  receiver.received.length = 0;
  await db().$executeRawUnsafe(`DELETE FROM graphile_worker._private_jobs`);
  await db().notification.deleteMany({});
  await db().webhookDelivery.deleteMany({});
});

async function hold(body: string) {
  const result = await sendMessage(newBot, { conversationId: conversation(), input: { body, blocks: undefined } });
  if (result.status !== "pending_approval") throw new Error(`expected a hold, got ${result.status}`);
  return result.approvalId;
}

const created = async (id: string) => (await db().draft.findUniqueOrThrow({ where: { id } })).createdAt;

describe("reminders", () => {
  it("an approval still waiting after the reminder time (default an hour) reminds the people who may decide it, once", async () => {
    const id = await hold("Waiting for an hour");
    await runFanOuts(new Date()); // the first notification
    const t0 = await created(id);

    expect(await sendReminders(after(t0, 59 * MINUTE))).toEqual({ drafts: 0, agentRequests: 0, escalated: 0 });
    expect(await sendReminders(after(t0, 60 * MINUTE))).toEqual({ drafts: 1, agentRequests: 0, escalated: 0 });
    expect(await sendReminders(after(t0, 120 * MINUTE))).toEqual({ drafts: 0, agentRequests: 0, escalated: 0 }); // once
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).remindedAt).toEqual(after(t0, 60 * MINUTE));

    await runFanOuts(after(t0, 60 * MINUTE));
    const reminders = await db().notification.findMany({ where: { subjectId: id, kind: "reminder" } });
    expect(reminders.map((r) => r.userId).sort()).toEqual([ana().id, ben().id].sort());
    expect(reminders[0]!.title).toMatch(/^Still waiting: Held message from Scheduler/);
    expect(await db().notification.count({ where: { subjectId: id } })).toBe(4); // first + reminder, each
  });

  it("the reminder time is the workspace's (Bots & policy); a draft decided meanwhile gets none", async () => {
    await updatePolicySettings(systemActor, {
      workspaceId: world.workspace.id,
      changes: { approvalReminderMinutes: 15 },
    });
    try {
      const waiting = await hold("Fifteen minutes");
      const decided = await hold("Decided in time");
      await approveDraft(person(ana().id, "web"), { draftId: decided });
      const t0 = await created(waiting);
      expect(await sendReminders(after(t0, 14 * MINUTE))).toMatchObject({ drafts: 0 });
      expect(await sendReminders(after(t0, 16 * MINUTE))).toMatchObject({ drafts: 1 });
      expect((await db().draft.findUniqueOrThrow({ where: { id: decided } })).remindedAt).toBeNull();
      // Decided between the sweep and its fan-out: nobody is told.
      const late = await hold("Decided after the sweep");
      await sendReminders(after(await created(late), 16 * MINUTE));
      await approveDraft(person(ana().id, "web"), { draftId: late });
      await runFanOuts(after(t0, 16 * MINUTE));
      expect(await db().notification.count({ where: { subjectId: late, kind: "reminder" } })).toBe(0);
      expect(await db().notification.count({ where: { subjectId: waiting, kind: "reminder" } })).toBe(2);
    } finally {
      await updatePolicySettings(systemActor, {
        workspaceId: world.workspace.id,
        changes: { approvalReminderMinutes: 60 },
      });
    }
  });

  it("a bot-to-bot request waiting for approval is reminded of too, to the people who may approve it", async () => {
    const pair = await connectedPair({ aToB: ["info"], requiresApproval: true });
    const asker = (await authenticateBot(pair.a.api_key))!;
    const request = await createAgentRequest(asker, {
      input: { to: pair.b.handle, type: "info", question: "Any news?" },
    });
    const t0 = new Date(request.created_at);
    expect(await sendReminders(after(t0, 61 * MINUTE))).toMatchObject({ agentRequests: 1 });
    await runFanOuts(after(t0, 61 * MINUTE));
    const told = await db().notification.findMany({ where: { subjectId: request.id }, orderBy: { kind: "asc" } });
    // The first notification (agent_request) and the reminder, to the asking bot's workspace's admin only.
    expect(told.map((n) => [n.kind, n.userId])).toEqual([
      ["agent_request", pair.worldA.people[0]!.id],
      ["reminder", pair.worldA.people[0]!.id],
    ]);
    expect(told[1]!.path).toBe(`/chat/${pair.worldA.workspace.slug}/approvals#agent-request-${request.id}`);
  });
});

describe("expiry", () => {
  beforeEach(async () => {
    // What earlier tests left waiting would expire too: decided here, so each test sees its own.
    await db().draft.updateMany({ where: { status: "pending" }, data: { status: "rejected" } });
  });

  function signatureOk(secret: string, headers: Record<string, unknown>, body: string) {
    const timestamp = String(headers["x-service-timestamp"]);
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
    return String(headers["x-service-signature"]).split(",").includes(expected);
  }

  it("the sweep expires what waited its whole lifetime; the bot hears draft.expired, signed; the people are told", async () => {
    const id = await hold("Too late");
    const draft = await createDraft(newBot, {
      conversationId: conversation(),
      input: {
        body: "A draft, with a follow-up",
        follow_up: { body: "Still there?", delay_minutes: 5 },
      },
    });
    const expiresAt = (await db().draft.findUniqueOrThrow({ where: { id } })).expiresAt;
    const draftExpiresAt = (await db().draft.findUniqueOrThrow({ where: { id: draft.id } })).expiresAt;
    const t = new Date(Math.max(expiresAt.getTime(), draftExpiresAt.getTime()));

    expect((await expireDrafts(after(expiresAt, -1000))).expired).not.toContain(id);
    const { expired } = await expireDrafts(t);
    expect(expired.sort()).toEqual([id, draft.id].sort());
    expect((await expireDrafts(after(t, MINUTE))).expired).toEqual([]); // once
    expect(await db().draft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
      status: "expired",
      followUpStatus: "cancelled",
      followUpCancelReason: "draft_expired",
    });
    expect(await listPendingApprovals(person(ana().id, "web"), { workspaceId: world.workspace.id })).toEqual([]);

    // The bot's webhook: one draft.expired per draft, signed with its secret (checked with a plain HMAC and the SDK).
    const deliveries = await db().webhookDelivery.findMany({ where: { eventType: "draft.expired" } });
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) await attemptDelivery(delivery.id);
    const requests = await receiver.waitFor(2);
    const bodies = requests.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.map((b) => b.type)).toEqual(["draft.expired", "draft.expired"]);
    expect(bodies.map((b) => b.data).sort((a, b) => String(a.origin).localeCompare(String(b.origin)))).toEqual([
      { conversation_id: conversation(), draft_id: draft.id, origin: "draft", expired_at: t.toISOString() },
      { conversation_id: conversation(), draft_id: id, origin: "held_message", expired_at: t.toISOString() },
    ]);
    const secret = world.bots[1]!.signing_secret;
    for (const request of requests) {
      expect(request.headers["x-service-event"]).toBe("draft.expired");
      expect(signatureOk(secret, request.headers, request.body)).toBe(true);
      const verified = await verifyWebhook(request.body, request.headers as Record<string, string>, secret);
      expect(verified.type).toBe("draft.expired");
    }

    // The people who could have decided: both, for each.
    await runFanOuts(t);
    const told = await db().notification.findMany({ where: { kind: "expired" } });
    expect(told.map((n) => `${n.subjectId}:${n.userId}`).sort()).toEqual(
      [id, draft.id].flatMap((d) => [ana().id, ben().id].map((u) => `${d}:${u}`)).sort(),
    );
    expect(told.find((n) => n.subjectId === id)!.title).toMatch(/^Expired without a decision: Held message from/);
  });

  it("an approval that comes after the expiry, before the sweep, marks it expired with the same consequences", async () => {
    const id = await hold("Approved too late");
    await db().draft.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(approveDraft(person(ben().id, "web"), { draftId: id })).rejects.toMatchObject({ code: "conflict" });
    expect((await db().draft.findUniqueOrThrow({ where: { id } })).status).toBe("expired");
    expect(await db().webhookDelivery.count({ where: { eventType: "draft.expired" } })).toBe(1);
    expect((await queued("notify")).map((j) => j.payload)).toContainEqual({ event: "draft_expired", id });
    expect((await expireDrafts(new Date())).expired).not.toContain(id); // the sweep does not do it again
  });

  it("a bot that does not hear draft.expired (unsubscribed, or without a webhook) gets nothing; people are still told", async () => {
    await db().bot.update({ where: { id: newBot.id }, data: { eventTypes: ["message.created"] } });
    try {
      const id = await hold("Unheard");
      const expiresAt = (await db().draft.findUniqueOrThrow({ where: { id } })).expiresAt;
      await expireDrafts(expiresAt);
      expect(await db().webhookDelivery.count({ where: { eventType: "draft.expired" } })).toBe(0);
      expect((await queued("notify")).map((j) => j.payload)).toContainEqual({ event: "draft_expired", id });
    } finally {
      await db().bot.update({
        where: { id: newBot.id },
        data: {
          eventTypes: [
            "message.created",
            "message.received",
            "conversation.bot_added",
            "draft.approved",
            "draft.expired",
          ],
        },
      });
    }
  });

  it("draft.expired reaches the example bot (examples/echo-bot), which verifies its signature", async () => {
    const lines: Record<string, unknown>[] = [];
    const echo = await startEchoBot({
      port: 0,
      relayUrl: "http://127.0.0.1:9",
      apiKey: world.bots[1]!.api_key,
      secrets: [world.bots[1]!.signing_secret],
      log: (line) => lines.push(line),
    });
    await updateBot(systemActor, { botId: newBot.id, webhookUrl: echo.url });
    try {
      const id = await hold("Expires at the example bot");
      const expiresAt = (await db().draft.findUniqueOrThrow({ where: { id } })).expiresAt;
      await expireDrafts(expiresAt);
      const [delivery] = await db().webhookDelivery.findMany({ where: { eventType: "draft.expired" } });
      expect(await attemptDelivery(delivery!.id)).toMatchObject({ status: "succeeded", response_status: 200 });
      expect(lines).toContainEqual(
        expect.objectContaining({
          event: "draft.expired",
          replied: false,
          data: expect.objectContaining({ draft_id: id, origin: "held_message" }),
        }),
      );
      expect(lines.filter((l) => l.error === "webhook_rejected")).toEqual([]);
    } finally {
      await updateBot(systemActor, { botId: newBot.id, webhookUrl: receiver.url });
      await echo.close();
    }
  });

  it("new bots hear draft.expired by default (a core event)", async () => {
    expect((await db().bot.findUniqueOrThrow({ where: { id: world.bots[0]!.id } })).eventTypes).toContain(
      "draft.expired",
    );
  });

  it("the worker runs both sweeps (their crontab every minute; here the tasks, queued now)", async () => {
    const id = await hold("Swept by the worker");
    await db().draft.update({
      where: { id },
      data: { expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - 2 * 3600_000) },
    });
    const other = await hold("Reminded by the worker");
    await db().draft.update({ where: { id: other }, data: { createdAt: new Date(Date.now() - 2 * 3600_000) } });
    const worker = await startWorker({ databaseUrl: process.env.DATABASE_URL!, concurrency: 2 });
    try {
      await db().$executeRawUnsafe(`SELECT graphile_worker.add_job('${EXPIRE_DRAFTS_TASK}', '{}'::json)`);
      await db().$executeRawUnsafe(`SELECT graphile_worker.add_job('${REMINDERS_TASK}', '{}'::json)`);
      const deadline = Date.now() + 15_000;
      for (;;) {
        const expired = await db().notification.count({ where: { subjectId: id, kind: "expired" } });
        const reminded = await db().notification.count({ where: { subjectId: other, kind: "reminder" } });
        if (expired === 2 && reminded === 2) break;
        if (Date.now() > deadline) throw new Error(`the sweeps did not run: ${expired} expired, ${reminded} reminded`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await receiver.waitFor(1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: "draft.expired", data: { draft_id: id } });
    } finally {
      await worker.stop();
    }
  });
});
