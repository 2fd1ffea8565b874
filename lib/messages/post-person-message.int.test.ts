import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { postPersonMessage } from "./post-person-message";

let world: SeededWorld;
let conversation: string;
let helperKey: string;
const ana = () => person(world.people[0]!.id, "web"); // admin, takes part everywhere
const ben = () => person(world.people[1]!.id, "cli"); // member, takes part everywhere

beforeEach(async () => {
  world = await seedWorld();
  conversation = world.conversations[1]!.id; // Dev's renewal: ana, ben, the established helper bot
  helperKey = world.bots[0]!.api_key;
});

async function newMember(role: "admin" | "member") {
  const tag = randomBytes(4).toString("hex");
  const user = await createPerson({
    email: `m${tag}@example.com`,
    name: "New",
    handle: `m${tag}`,
    workspaceId: world.workspace.id,
    role,
  });
  return person(user.id, "web");
}

async function approvedDraftWithFollowUp() {
  const draft = (
    await api("POST", `/conversations/${conversation}/drafts`, {
      key: helperKey,
      body: { body: "Booked", follow_up: { body: "Reminder", delay_minutes: 60 } },
    })
  ).body.data;
  await approveDraft(ana(), { draftId: draft.id });
  expect(await db().draft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({
    followUpStatus: "scheduled",
  });
  return draft.id as string;
}
const sendAsBot = (conversationId = conversation) =>
  api("POST", `/conversations/${conversationId}/messages`, {
    key: helperKey,
    body: { body: "hello" },
    idempotencyKey: idem(),
  });
const optOuts = () => db().optOut.findMany({ where: { userId: world.people[1]!.id }, orderBy: { createdAt: "asc" } });
const lastMessage = () =>
  db().message.findFirstOrThrow({ where: { conversationId: conversation }, orderBy: { seq: "desc" } });

describe("postPersonMessage", () => {
  it("posts the trimmed text with the next seq under the person, and audits through which door", async () => {
    const { message, consent } = await postPersonMessage(ben(), { conversationId: conversation, body: "  Thanks!  " });
    expect(message).toMatchObject({
      seq: 2,
      body: "Thanks!",
      sender_user_id: world.people[1]!.id,
      sender_bot_id: null,
      kind: "text",
    });
    expect(consent).toBeNull();
    expect(await db().auditEvent.findFirstOrThrow({ where: { subjectId: message.id } })).toMatchObject({
      action: "message.posted",
      via: "cli",
      actorId: world.people[1]!.id,
    });
    expect(await optOuts()).toHaveLength(0);
  });

  it("STOP records the opt-out, confirms with a system message and cancels the scheduled follow-up (reason: stop)", async () => {
    const draftId = await approvedDraftWithFollowUp();
    const { message, consent } = await postPersonMessage(ben(), { conversationId: conversation, body: "stop" });
    expect(consent).toBe("opted_out");
    expect(message.body).toBe("stop");
    expect(await optOuts()).toEqual([
      expect.objectContaining({
        conversationId: conversation,
        workspaceId: world.workspace.id,
        keyword: "STOP",
        revokedAt: null,
      }),
    ]);
    const confirmation = await lastMessage();
    expect(confirmation).toMatchObject({ kind: "system", seq: message.seq + 1, senderUserId: null, senderBotId: null });
    expect(confirmation.body).toBe("You won't get bot messages here any more. Send START to opt back in.");
    expect(await db().draft.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({
      followUpStatus: "cancelled",
      followUpCancelReason: "stop",
    });
    expect((await sendAsBot()).status).toBe(409);
  });

  it("every opt-out keyword works, whole message only; a repeated STOP adds no second opt-out", async () => {
    for (const word of ["UNSUBSCRIBE", "Cancel", "end", "QUIT", "optout", "STOP!"]) {
      expect((await postPersonMessage(ben(), { conversationId: conversation, body: word })).consent).toBe("opted_out");
    }
    expect(await optOuts()).toHaveLength(1);
    expect(
      (await postPersonMessage(ben(), { conversationId: conversation, body: "please stop the delivery" })).consent,
    ).toBeNull();
  });

  it("START revokes the opt-out (revoked_at), confirms, and bots may write again", async () => {
    await postPersonMessage(ben(), { conversationId: conversation, body: "UNSUBSCRIBE" });
    expect((await sendAsBot()).status).toBe(409);
    const { consent } = await postPersonMessage(ben(), { conversationId: conversation, body: "Start" });
    expect(consent).toBe("opted_in");
    const [row] = await optOuts();
    expect(row!.revokedAt).toBeInstanceOf(Date);
    expect(await lastMessage()).toMatchObject({ kind: "system", body: expect.stringContaining("opted back in") });
    expect((await sendAsBot()).status).toBe(201);
  });

  it("STOPALL opts out of every conversation of the workspace (one row, conversation_id null); START anywhere undoes it", async () => {
    await postPersonMessage(ben(), { conversationId: conversation, body: "STOPALL" });
    expect(await optOuts()).toEqual([
      expect.objectContaining({ conversationId: null, keyword: "STOPALL", revokedAt: null }),
    ]);
    expect((await lastMessage()).body).toContain("in this workspace");
    expect((await sendAsBot(world.conversations[0]!.id)).status).toBe(409);
    await postPersonMessage(ben(), { conversationId: world.conversations[0]!.id, body: "START" });
    expect((await sendAsBot(world.conversations[0]!.id)).status).toBe(201);
  });

  it("any plain reply cancels the scheduled follow-up too (reason: reply)", async () => {
    const draftId = await approvedDraftWithFollowUp();
    const { consent } = await postPersonMessage(ana(), {
      conversationId: conversation,
      body: "Please don't stop the delivery",
    });
    expect(consent).toBeNull();
    expect(await db().draft.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({
      followUpStatus: "cancelled",
      followUpCancelReason: "reply",
    });
    expect((await sendAsBot()).status).toBe(201);
  });

  it("admins may post where they do not take part; members who do not take part and outsiders may not", async () => {
    const admin = await newMember("admin");
    expect(
      (await postPersonMessage(admin, { conversationId: conversation, body: "Checking in" })).message.sender_user_id,
    ).toBe(admin.userId);
    await expect(
      postPersonMessage(await newMember("member"), { conversationId: conversation, body: "hi" }),
    ).rejects.toMatchObject({
      code: "not_found",
      message: "Conversation not found",
    });
    const outsider = await seedWorld();
    await expect(
      postPersonMessage(person(outsider.people[0]!.id, "web"), { conversationId: conversation, body: "hi" }),
    ).rejects.toMatchObject({
      code: "not_found",
      message: "Conversation not found",
    });
    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(2);
  });

  it("refuses empty or over-long text and unknown conversations, writing nothing", async () => {
    const draftId = await approvedDraftWithFollowUp();
    const before = await db().message.count({ where: { conversationId: conversation } });
    await expect(postPersonMessage(ben(), { conversationId: conversation, body: "   " })).rejects.toMatchObject({
      code: "invalid_body",
    });
    await expect(
      postPersonMessage(ben(), { conversationId: conversation, body: "x".repeat(4001) }),
    ).rejects.toMatchObject({
      code: "invalid_body",
    });
    await expect(
      postPersonMessage(ben(), { conversationId: "00000000-0000-4000-8000-000000000000", body: "hi" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(postPersonMessage(ben(), { conversationId: "not-a-uuid", body: "hi" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(before);
    expect(await db().draft.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({
      followUpStatus: "scheduled",
    });
  });
});
