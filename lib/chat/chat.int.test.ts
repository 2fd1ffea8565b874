import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { createDraft } from "@/lib/drafts/create-draft";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { sendMessage } from "@/lib/messages/send-message";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { SendMessageRequest } from "@/lib/schemas/messages";
import { getThread } from "./get-thread";
import { listPersonConversations } from "./list-conversations";
import { listPersonWorkspaces } from "./list-workspaces";
import { CONVERSATION_CHANNEL, type LiveEvent } from "./live";
import { markConversationRead } from "./mark-read";
import { watchConversation } from "./conversation-stream";

// The chat's reads (workspaces, conversation list with unread counts, a thread) and its live channel: every
// committed change of a conversation is NOTIFYed, and only committed ones.

let world: SeededWorld;
let listener: pg.Client;
const heard: LiveEvent[] = [];
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "web");

beforeAll(async () => {
  world = await seedWorld();
  listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  await listener.query(`LISTEN ${CONVERSATION_CHANNEL}`);
  listener.on("notification", (message) => heard.push(JSON.parse(message.payload!) as LiveEvent));
});
afterAll(() => listener.end());

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe("chat reads", () => {
  it("lists the person's workspaces with their role", async () => {
    expect(await listPersonWorkspaces(ana())).toEqual([{ id: world.workspace.id, slug: world.workspace.slug, name: expect.any(String), role: "admin" }]);
  });

  it("lists conversations newest first with unread counts that reading clears; members see theirs only", async () => {
    const conversationId = world.conversations[1]!.id;
    await postPersonMessage(ben(), conversationId, "Any news on the renewal?");
    const list = await listPersonConversations(ana(), world.workspace.id);
    expect(list[0]).toMatchObject({ id: conversationId, last_message_preview: "Any news on the renewal?", unread_count: 2, pending_approvals: 0 });
    await markConversationRead(ana(), conversationId, 99); // past the end: clamped to the last message
    await markConversationRead(ana(), conversationId, 1); // never backwards
    const after = await listPersonConversations(ana(), world.workspace.id);
    expect(after.find((c) => c.id === conversationId)!.unread_count).toBe(0);
    expect(list).toHaveLength(3);
    const outsider = await seedWorld();
    await expect(listPersonConversations(person(outsider.people[0]!.id, "web"), world.workspace.id)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("a thread: people, bots, labelled messages, card responses and the drafts waiting", async () => {
    const conversationId = world.conversations[0]!.id;
    const helper = (await authenticateBot(world.bots[0]!.api_key))!;
    const scheduler = (await authenticateBot(world.bots[1]!.api_key))!;
    const card = await sendMessage(helper, conversationId, SendMessageRequest.parse({ blocks: [{ type: "approval_card", title: "Ship it?", actions: [{ key: "yes", label: "Yes", style: "primary" }] }] }));
    if (card.status !== "sent") throw new Error("expected sent");
    await submitCardAction(ben(), card.message.id, { actionKey: "yes" });
    const held = await sendMessage(scheduler, conversationId, { body: "Tuesday at 10?", blocks: undefined });
    expect(held.status).toBe("pending_approval");
    await createDraft(helper, conversationId, { body: "I can refund the fee", rationale: "Customer asked twice", follow_up: { body: "Did that help?", delay_minutes: 60 } });

    const thread = await getThread(ana(), conversationId);
    expect(thread.conversation.bots.map((b) => [b.handle, b.authorized, b.blocked])).toEqual([
      [world.bots[0]!.handle, true, false],
      [world.bots[1]!.handle, true, false],
    ]);
    expect(thread.conversation.people.map((p) => p.handle).sort()).toEqual([world.people[0]!.handle, world.people[1]!.handle].sort());
    const last = thread.messages.at(-1)!;
    expect(last).toMatchObject({ kind: "card", sender: { type: "bot", handle: world.bots[0]!.handle, approved_by: null } });
    expect(last.responses).toEqual([{ type: "card.action", action_key: "yes", values: {}, handle: world.people[1]!.handle, at: expect.any(String) }]);
    expect(thread.drafts.map((d) => [d.origin, d.bot.handle, d.reasons])).toEqual([
      ["held_message", world.bots[1]!.handle, ["new_bot"]],
      ["draft", world.bots[0]!.handle, []],
    ]);
    expect(thread.drafts[1]).toMatchObject({ rationale: "Customer asked twice", follow_up: { body: "Did that help?", delay_minutes: 60 } });
    expect(thread.last_seq).toBe(last.seq);
    expect(thread.viewer).toEqual({ id: world.people[0]!.id, role: "admin" });
  });
});

describe("the live channel", () => {
  it("NOTIFYs a conversation's messages, card responses and drafts at commit", async () => {
    const conversationId = world.conversations[2]!.id;
    heard.length = 0;
    const { message } = await postPersonMessage(ana(), conversationId, "Live?");
    await settle();
    expect(heard).toContainEqual({ conversation_id: conversationId, kind: "message", seq: message.seq });
    const scheduler = (await authenticateBot(world.bots[1]!.api_key))!;
    await sendMessage(scheduler, conversationId, { body: "Held one", blocks: undefined });
    await settle();
    expect(heard).toContainEqual({ conversation_id: conversationId, kind: "draft" });
    const helper = (await authenticateBot(world.bots[0]!.api_key))!;
    const card = await sendMessage(helper, world.conversations[1]!.id, SendMessageRequest.parse({ blocks: [{ type: "approval_card", title: "OK?", actions: [{ key: "ok", label: "OK" }] }] }));
    if (card.status !== "sent") throw new Error("expected sent");
    await settle();
    heard.length = 0;
    await submitCardAction(ana(), card.message.id, { actionKey: "ok" });
    await settle();
    expect(heard).toEqual([{ conversation_id: world.conversations[1]!.id, kind: "updated" }]);
  });

  it("fans out to the watchers of that conversation only", async () => {
    const mine: LiveEvent[] = [];
    const others: LiveEvent[] = [];
    const stopMine = await watchConversation(world.conversations[1]!.id, (e) => mine.push(e));
    const stopOthers = await watchConversation(world.conversations[2]!.id, (e) => others.push(e));
    await postPersonMessage(ana(), world.conversations[1]!.id, "Only for one");
    await settle();
    stopMine();
    stopOthers();
    await postPersonMessage(ana(), world.conversations[1]!.id, "After unwatching");
    await settle();
    expect(mine.map((e) => e.kind)).toEqual(["message"]);
    expect(others).toEqual([]);
  });
});
