import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { postPersonMessage } from "./post-person-message";

let world: SeededWorld;
let conversation: string;
let helperKey: string;
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "web");

beforeEach(async () => {
  world = await seedWorld();
  conversation = world.conversations[1]!.id;
  helperKey = world.bots[0]!.api_key;
});

async function approvedDraftWithFollowUp() {
  const draft = (await api("POST", `/conversations/${conversation}/drafts`, { key: helperKey, body: { body: "Booked", follow_up: { body: "Reminder", delay_minutes: 60 } } })).body.data;
  await approveDraft(ana(), draft.id);
  return draft.id as string;
}
const sendAsBot = () => api("POST", `/conversations/${conversation}/messages`, { key: helperKey, body: { body: "hello" }, idempotencyKey: idem() });

describe("postPersonMessage", () => {
  it("posts with the next seq, under the person", async () => {
    const { message, consent } = await postPersonMessage(ben(), conversation, "  Thanks!  ");
    expect(message).toMatchObject({ seq: 2, body: "Thanks!", sender_user_id: world.people[1]!.id, sender_bot_id: null, kind: "text" });
    expect(consent).toBeNull();
  });

  it("STOP opts the person out, confirms with a system message and cancels the pending follow-up", async () => {
    const draftId = await approvedDraftWithFollowUp();
    const { consent } = await postPersonMessage(ben(), conversation, "stop");
    expect(consent).toBe("opted_out");
    const last = await db().message.findFirstOrThrow({ where: { conversationId: conversation }, orderBy: { seq: "desc" } });
    expect(last).toMatchObject({ kind: "system", senderUserId: null, senderBotId: null });
    expect(last.body).toContain("START");
    expect(await db().draft.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({ followUpStatus: "cancelled", followUpCancelReason: "stop" });
    expect((await sendAsBot()).status).toBe(409);
  });

  it("START opts back in", async () => {
    await postPersonMessage(ben(), conversation, "UNSUBSCRIBE");
    expect((await sendAsBot()).status).toBe(409);
    const { consent } = await postPersonMessage(ben(), conversation, "Start");
    expect(consent).toBe("opted_in");
    expect((await sendAsBot()).status).toBe(201);
  });

  it("STOPALL opts out of every conversation of the workspace", async () => {
    await postPersonMessage(ana(), conversation, "STOPALL");
    const other = world.conversations[0]!.id;
    const res = await api("POST", `/conversations/${other}/messages`, { key: helperKey, body: { body: "hi" }, idempotencyKey: idem() });
    expect(res.status).toBe(409);
  });

  it("a plain reply cancels the follow-up too (reason: reply); a sentence with stop in it is not an opt-out", async () => {
    const draftId = await approvedDraftWithFollowUp();
    const { consent } = await postPersonMessage(ben(), conversation, "Please don't stop the delivery");
    expect(consent).toBeNull();
    expect(await db().draft.findUniqueOrThrow({ where: { id: draftId } })).toMatchObject({ followUpStatus: "cancelled", followUpCancelReason: "reply" });
    expect((await sendAsBot()).status).toBe(201);
  });

  it("refuses people outside the conversation and empty or long text, and writes nothing", async () => {
    const outsider = await seedWorld();
    await expect(postPersonMessage(person(outsider.people[0]!.id, "web"), conversation, "hi")).rejects.toMatchObject({ code: "forbidden" });
    await expect(postPersonMessage(ben(), conversation, "   ")).rejects.toMatchObject({ code: "invalid_body" });
    await expect(postPersonMessage(ben(), conversation, "x".repeat(4001))).rejects.toMatchObject({ code: "invalid_body" });
    expect(await db().message.count({ where: { conversationId: conversation } })).toBe(1);
  });
});
