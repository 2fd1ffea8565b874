import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { optOut } from "@/lib/consent/set-opt-out";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { person, systemActor } from "@/lib/people/actor";
import { api, idem } from "./client";

let world: SeededWorld;
let key: string;
let conversation: string;
const ana = () => person(world.people[0]!.id, "cli");
const ben = () => person(world.people[1]!.id, "web");

beforeEach(async () => {
  world = await seedWorld();
  key = world.bots[0]!.api_key;
  conversation = world.conversations[1]!.id;
});

const propose = (body: unknown, idempotencyKey?: string) => api("POST", `/conversations/${conversation}/drafts`, { key, body, idempotencyKey });

describe("POST /conversations/{id}/drafts", () => {
  it("201 creates a pending draft with its follow-up; nothing is sent yet", async () => {
    const res = await propose({ body: "Shall I book Tuesday?", rationale: "Dev asked for a visit", follow_up: { body: "Still want Tuesday?", delay_minutes: 60 } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      conversation_id: conversation,
      status: "pending",
      body: "Shall I book Tuesday?",
      rationale: "Dev asked for a visit",
      follow_up: { body: "Still want Tuesday?", delay_minutes: 60, status: "pending", due_at: null, cancel_reason: null },
      message_id: null,
      edited: false,
      decided_at: null,
    });
    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(1);
  });

  it("only body is required; 422 without it or with unknown fields", async () => {
    expect((await propose({ body: "Just this" })).body.data.follow_up).toBeNull();
    expect((await propose({ rationale: "no body" })).body.error.code).toBe("invalid_body");
    expect((await propose({ body: "x", follow_up: { body: "y", delay_minutes: 0 } })).status).toBe(422);
    expect((await propose({ body: "x", sender_bot_id: world.bots[1]!.id })).status).toBe(422);
    expect(await db().draft.count({ where: { conversationId: conversation } })).toBe(1);
  });

  it("Idempotency-Key is optional: with one, a retry replays; without, each call is new", async () => {
    const key1 = idem();
    const first = await propose({ body: "dedupe me" }, key1);
    const again = await propose({ body: "dedupe me" }, key1);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data.id).toBe(first.body.data.id);
    await propose({ body: "twice" });
    await propose({ body: "twice" });
    expect(await db().draft.count({ where: { body: "twice" } })).toBe(2);
  });

  it("409 opted_out when a participant opted out; 403 when blocked", async () => {
    await optOut(ben(), { conversationId: conversation });
    const res = await propose({ body: "Hello?" });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("opted_out");
    const other = await seedWorld();
    await setBotStatus(systemActor, { botId: other.bots[0]!.id, status: "stopped" });
    const blocked = await api("POST", `/conversations/${other.conversations[1]!.id}/drafts`, { key: other.bots[0]!.api_key, body: { body: "hi" } });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toMatchObject({ code: "policy_blocked", reasons: ["bot_stopped"] });
  });

  it("403 forbidden where not authorized, 401 without a key", async () => {
    expect((await api("POST", `/conversations/${world.conversations[2]!.id}/drafts`, { key, body: { body: "hi" } })).status).toBe(403);
    expect((await api("POST", `/conversations/${conversation}/drafts`, { body: { body: "hi" } })).status).toBe(401);
  });
});

describe("a person decides", () => {
  it("approving sends once under the bot's label, schedules the follow-up and counts towards trust", async () => {
    const draft = (await propose({ body: "Booked for Tuesday.", follow_up: { body: "See you Tuesday!", delay_minutes: 30 } })).body.data;
    const { draft: approved, message } = await approveDraft(ana(), { draftId: draft.id });
    expect(message).toMatchObject({ body: "Booked for Tuesday.", sender_bot_id: world.bots[0]!.id, sender_user_id: null, seq: 2 });
    expect(approved).toMatchObject({ status: "approved", message_id: message!.id, edited: false });
    expect(approved.follow_up).toMatchObject({ status: "scheduled" });
    expect(Date.parse(approved.follow_up!.due_at!) - Date.parse(approved.decided_at!)).toBe(30 * 60_000);
    const row = await db().message.findUniqueOrThrow({ where: { id: message!.id } });
    expect(row.approvedByUserId).toBe(world.people[0]!.id);
    const audit = await db().auditEvent.findFirstOrThrow({ where: { subjectId: draft.id, action: "draft.approved" } });
    expect(audit).toMatchObject({ actorId: world.people[0]!.id, via: "cli" });
  });

  it("an edit is sent as edited, and marked so", async () => {
    const draft = (await propose({ body: "Booked for Tuesday." })).body.data;
    const { draft: approved, message } = await approveDraft(ana(), {
      draftId: draft.id,
      body: "Booked for Wednesday instead.",
    });
    expect(message!.body).toBe("Booked for Wednesday instead.");
    expect(approved.edited).toBe(true);
  });

  it("a held message of a new bot is approved the same way, and the bot stays held until trusted", async () => {
    const scheduler = world.bots[1]!;
    const held = await api("POST", `/conversations/${world.conversations[2]!.id}/messages`, { key: scheduler.api_key, body: { body: "Tuesday 10:00?" }, idempotencyKey: idem() });
    expect(held.status).toBe(202);
    const { message } = await approveDraft(ana(), { draftId: held.body.data.approval_id });
    expect(message!.sender_bot_id).toBe(scheduler.id);
    expect((await db().bot.findUniqueOrThrow({ where: { id: scheduler.id } })).trustedMessageCount).toBe(1);
  });

  it("two people approving at once, and double clicks, send exactly one message", async () => {
    const draft = (await propose({ body: "Exactly once" })).body.data;
    const results = await Promise.allSettled([
      approveDraft(ana(), { draftId: draft.id }),
      approveDraft(ben(), { draftId: draft.id }),
      approveDraft(ana(), { draftId: draft.id }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as { code: string }).code).toBe("conflict");
    expect(await db().message.count({ where: { conversationId: conversation, body: "Exactly once" } })).toBe(1);
  });

  it("approval re-checks blocks and opt-outs: a draft to a do-not-contact contact is not sent", async () => {
    const draft = (await propose({ body: "Later" })).body.data;
    await setDoNotContact(ana(), { contactId: world.conversations[1]!.contact_id, doNotContact: true });
    await expect(approveDraft(ana(), { draftId: draft.id })).rejects.toMatchObject({ code: "policy_blocked" });
    expect((await db().draft.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("pending");
  });

  it("rejecting keeps the draft, sends nothing, and cancels its follow-up", async () => {
    const draft = (await propose({ body: "No", follow_up: { body: "ping", delay_minutes: 5 } })).body.data;
    const rejected = await rejectDraft(ben(), { draftId: draft.id, note: "not now" });
    expect(rejected).toMatchObject({ status: "rejected", follow_up: { status: "cancelled", cancel_reason: "draft_rejected" } });
    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(1);
    await expect(approveDraft(ana(), { draftId: draft.id })).rejects.toMatchObject({ code: "conflict" });
  });

  it("only people who take part (or admins) decide", async () => {
    const draft = (await propose({ body: "Mine" })).body.data;
    const outsider = await seedWorld();
    await expect(approveDraft(person(outsider.people[0]!.id, "web"), { draftId: draft.id })).rejects.toMatchObject({
      code: "not_found",
      message: "Draft not found",
    });
  });
});
