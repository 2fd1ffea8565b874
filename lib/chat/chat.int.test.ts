import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { createDraft } from "@/lib/drafts/create-draft";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { sendMessage } from "@/lib/messages/send-message";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { db } from "@/lib/db/client";
import { directDatabaseUrl } from "@/lib/db/url";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { SendMessageRequest } from "@/lib/schemas/messages";
import { getThread } from "./get-thread";
import { listPersonConversations } from "./list-conversations";
import { listPersonWorkspaces } from "./list-workspaces";
import { CONVERSATION_CHANNEL, type LiveEvent, type WorkspaceEvent } from "./live";
import { markConversationRead } from "./mark-read";
import { watchConversation } from "./conversation-stream";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { listPolicyLog } from "./list-policy-log";
import { listWorkspaceBots } from "./list-workspace-bots";
import { openWorkspace } from "./open-workspace";
import { watchWorkspace } from "./workspace-stream";
import { createConversation } from "@/lib/conversations/create-conversation";

// The chat's reads (workspaces, conversation list with unread counts, a thread) and its live channel: every
// committed change of a conversation is NOTIFYed, and only committed ones.

let world: SeededWorld;
let listener: pg.Client;
const heard: LiveEvent[] = [];
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "web");

beforeAll(async () => {
  world = await seedWorld();
  // LISTEN needs a session of its own: the direct URL, as the app's listener uses (docs/decisions/043).
  listener = new pg.Client({ connectionString: directDatabaseUrl() });
  await listener.connect();
  await listener.query(`LISTEN ${CONVERSATION_CHANNEL}`);
  listener.on("notification", (message) => heard.push(JSON.parse(message.payload!) as LiveEvent));
});
afterAll(() => listener.end());

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe("chat reads", () => {
  it("lists the person's workspaces with their role", async () => {
    expect(await listPersonWorkspaces(ana())).toEqual([
      { id: world.workspace.id, slug: world.workspace.slug, name: expect.any(String), role: "admin" },
    ]);
  });

  it("lists conversations newest first with unread counts that reading clears; members see theirs only", async () => {
    const conversationId = world.conversations[1]!.id;
    await postPersonMessage(ben(), { conversationId, body: "Any news on the renewal?" });
    const list = await listPersonConversations(ana(), world.workspace.id);
    expect(list[0]).toMatchObject({
      id: conversationId,
      last_message_preview: "Any news on the renewal?",
      unread_count: 2,
      pending_approvals: 0,
    });
    await markConversationRead(ana(), { conversationId, seq: 99 }); // past the end: clamped to the last message
    await markConversationRead(ana(), { conversationId, seq: 1 }); // never backwards
    const after = await listPersonConversations(ana(), world.workspace.id);
    expect(after.find((c) => c.id === conversationId)!.unread_count).toBe(0);
    expect(list).toHaveLength(3);
    const outsider = await seedWorld();
    await expect(
      listPersonConversations(person(outsider.people[0]!.id, "web"), world.workspace.id),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("a thread: people, bots, labelled messages, card responses and the drafts waiting", async () => {
    const conversationId = world.conversations[0]!.id;
    const helper = (await authenticateBot(world.bots[0]!.api_key))!;
    const scheduler = (await authenticateBot(world.bots[1]!.api_key))!;
    const card = await sendMessage(helper, {
      conversationId,
      input: SendMessageRequest.parse({
        blocks: [
          { type: "approval_card", title: "Ship it?", actions: [{ key: "yes", label: "Yes", style: "primary" }] },
        ],
      }),
    });
    if (card.status !== "sent") throw new Error("expected sent");
    await submitCardAction(ben(), { messageId: card.message.id, actionKey: "yes" });
    const held = await sendMessage(scheduler, { conversationId, input: { body: "Tuesday at 10?", blocks: undefined } });
    expect(held.status).toBe("pending_approval");
    await createDraft(helper, {
      conversationId,
      input: {
        body: "I can refund the fee",
        rationale: "Customer asked twice",
        follow_up: { body: "Did that help?", delay_minutes: 60 },
      },
    });

    const thread = await getThread(ana(), conversationId);
    expect(thread.conversation.bots.map((b) => [b.handle, b.authorized, b.blocked])).toEqual([
      [world.bots[0]!.handle, true, false],
      [world.bots[1]!.handle, true, false],
    ]);
    expect(thread.conversation.people.map((p) => p.handle).sort()).toEqual(
      [world.people[0]!.handle, world.people[1]!.handle].sort(),
    );
    const last = thread.messages.at(-1)!;
    expect(last).toMatchObject({
      kind: "card",
      sender: { type: "bot", handle: world.bots[0]!.handle, approved_by: null },
    });
    expect(last.responses).toEqual([
      { type: "card.action", action_key: "yes", values: {}, handle: world.people[1]!.handle, at: expect.any(String) },
    ]);
    expect(thread.drafts.map((d) => [d.origin, d.bot.handle, d.reasons])).toEqual([
      ["held_message", world.bots[1]!.handle, ["new_bot"]],
      ["draft", world.bots[0]!.handle, []],
    ]);
    expect(thread.drafts[1]).toMatchObject({
      rationale: "Customer asked twice",
      follow_up: { body: "Did that help?", delay_minutes: 60 },
    });
    expect(thread.last_seq).toBe(last.seq);
    expect(thread.viewer).toEqual({ id: world.people[0]!.id, role: "admin", participant: true, opted_out: false });
  });
});

describe("the live channel", () => {
  it("NOTIFYs a conversation's messages, card responses and drafts at commit", async () => {
    const conversationId = world.conversations[2]!.id;
    heard.length = 0;
    const { message } = await postPersonMessage(ana(), { conversationId, body: "Live?" });
    await settle();
    expect(heard).toContainEqual({ conversation_id: conversationId, kind: "message", seq: message.seq });
    const scheduler = (await authenticateBot(world.bots[1]!.api_key))!;
    await sendMessage(scheduler, { conversationId, input: { body: "Held one", blocks: undefined } });
    await settle();
    expect(heard).toContainEqual({ conversation_id: conversationId, kind: "draft" });
    const helper = (await authenticateBot(world.bots[0]!.api_key))!;
    const card = await sendMessage(helper, {
      conversationId: world.conversations[1]!.id,
      input: SendMessageRequest.parse({
        blocks: [{ type: "approval_card", title: "OK?", actions: [{ key: "ok", label: "OK" }] }],
      }),
    });
    if (card.status !== "sent") throw new Error("expected sent");
    await settle();
    heard.length = 0;
    await submitCardAction(ana(), { messageId: card.message.id, actionKey: "ok" });
    await settle();
    expect(heard).toEqual([{ conversation_id: world.conversations[1]!.id, kind: "updated" }]);
  });

  it("fans out to the watchers of that conversation only", async () => {
    const mine: LiveEvent[] = [];
    const others: LiveEvent[] = [];
    const stopMine = await watchConversation(world.conversations[1]!.id, (e) => mine.push(e));
    const stopOthers = await watchConversation(world.conversations[2]!.id, (e) => others.push(e));
    await postPersonMessage(ana(), { conversationId: world.conversations[1]!.id, body: "Only for one" });
    await settle();
    stopMine();
    stopOthers();
    await postPersonMessage(ana(), { conversationId: world.conversations[1]!.id, body: "After unwatching" });
    await settle();
    expect(mine.map((e) => e.kind)).toEqual(["message"]);
    expect(others).toEqual([]);
  });
});

describe("cards are answered once", () => {
  it("two people answering one card at once: one answer wins, the other is told who answered", async () => {
    const conversationId = world.conversations[0]!.id;
    const helper = (await authenticateBot(world.bots[0]!.api_key))!;
    const card = await sendMessage(helper, {
      conversationId,
      input: SendMessageRequest.parse({
        blocks: [
          {
            type: "approval_card",
            title: "Ship it today?",
            actions: [
              { key: "ship", label: "Ship" },
              { key: "wait", label: "Wait" },
            ],
          },
        ],
      }),
    });
    if (card.status !== "sent") throw new Error("expected sent");
    const results = await Promise.allSettled([
      submitCardAction(ana(), { messageId: card.message.id, actionKey: "ship" }),
      submitCardAction(ben(), { messageId: card.message.id, actionKey: "wait" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/already answered this card/),
    });
    const thread = await getThread(ana(), conversationId);
    expect(thread.messages.find((m) => m.id === card.message.id)!.responses).toHaveLength(1);
  });
});

describe("workspace reads for the chat", () => {
  it("opens a workspace by slug for its members only", async () => {
    expect(await openWorkspace(ana(), world.workspace.slug)).toMatchObject({ id: world.workspace.id, role: "admin" });
    await expect(openWorkspace(ana(), "no-such-workspace")).rejects.toMatchObject({ code: "not_found" });
    const outsider = await seedWorld();
    await expect(openWorkspace(person(outsider.people[0]!.id, "web"), world.workspace.slug)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("lists the workspace's bots with their status", async () => {
    await setBotStatus(ana(), { botId: world.bots[1]!.id, status: "paused", reason: "Checking its tone" });
    const bots = await listWorkspaceBots(ben(), world.workspace.id);
    expect(bots.find((b) => b.id === world.bots[1]!.id)).toMatchObject({
      status: "paused",
      status_reason: "Checking its tone",
    });
    await setBotStatus(ana(), { botId: world.bots[1]!.id, status: "active" });
  });

  it("a scheduled follow-up shows in the thread with its due time", async () => {
    const conversationId = world.conversations[1]!.id;
    const helper = (await authenticateBot(world.bots[0]!.api_key))!;
    const draft = await createDraft(helper, {
      conversationId,
      input: {
        body: "Invoice sent",
        follow_up: { body: "Did it arrive?", delay_minutes: 30 },
      },
    });
    await approveDraft(ana(), { draftId: draft.id });
    const thread = await getThread(ana(), conversationId);
    const followUp = thread.follow_ups.find((f) => f.draft_id === draft.id)!;
    expect(followUp).toMatchObject({
      body: "Did it arrive?",
      status: "scheduled",
      bot: { handle: world.bots[0]!.handle },
    });
    expect(new Date(followUp.due_at!).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    await postPersonMessage(ana(), { conversationId, body: "STOP" });
    const after = await getThread(ana(), conversationId);
    expect(after.follow_ups.find((f) => f.draft_id === draft.id)).toMatchObject({
      status: "cancelled",
      cancel_reason: "stop",
    });
    expect(after.viewer.opted_out).toBe(true);
  });

  it("the policy log tells admins why messages were held, deferred or blocked; members cannot read it", async () => {
    const scheduler = (await authenticateBot(world.bots[1]!.api_key))!;
    const conversationId = world.conversations[0]!.id;
    await sendMessage(scheduler, { conversationId, input: { body: "Can we talk Friday?", blocks: undefined } }); // new bot: held
    await setBotStatus(ana(), { botId: world.bots[1]!.id, status: "stopped", reason: "Misbehaving" });
    await expect(
      sendMessage(scheduler, { conversationId, input: { body: "Hello again", blocks: undefined } }),
    ).rejects.toMatchObject({ code: "policy_blocked" });
    await setBotStatus(ana(), { botId: world.bots[1]!.id, status: "active" });
    const log = await listPolicyLog(ana(), world.workspace.id);
    expect(log[0]).toMatchObject({
      outcome: "blocked",
      reasons: ["bot_stopped"],
      excerpt: "Hello again",
      bot: { handle: world.bots[1]!.handle },
    });
    expect(log.find((e) => e.outcome === "held" && e.excerpt === "Can we talk Friday?")).toMatchObject({
      reasons: ["new_bot"],
      status: "pending",
      conversation: { id: conversationId },
    });
    await expect(listPolicyLog(ben(), world.workspace.id)).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("the workspace stream", () => {
  it("tells an admin of every conversation of the workspace, a member of theirs only, and nobody of another workspace", async () => {
    const heardByAna: WorkspaceEvent[] = [];
    const heardByBen: WorkspaceEvent[] = [];
    const stopAna = await watchWorkspace(ana(), {
      workspaceId: world.workspace.id,
      watcher: (e) => heardByAna.push(e),
    });
    const stopBen = await watchWorkspace(ben(), {
      workspaceId: world.workspace.id,
      watcher: (e) => heardByBen.push(e),
    });
    const anaOnly = await createConversation(ana(), { workspaceId: world.workspace.id, title: "Ana alone" });
    const other = await seedWorld();

    await postPersonMessage(ana(), { conversationId: anaOnly.id, body: "Just me here" });
    await postPersonMessage(ben(), { conversationId: world.conversations[1]!.id, body: "Both of us here" });
    await postPersonMessage(person(other.people[0]!.id, "web"), {
      conversationId: other.conversations[0]!.id,
      body: "Another workspace",
    });
    await settle();
    stopAna();
    stopBen();

    const conversationsOf = (events: WorkspaceEvent[]) =>
      events.map((e) => ("conversation_id" in e ? e.conversation_id : e.kind));
    expect(conversationsOf(heardByAna).sort()).toEqual([anaOnly.id, world.conversations[1]!.id].sort());
    expect(conversationsOf(heardByBen)).toEqual([world.conversations[1]!.id]);
    await expect(
      watchWorkspace(person(other.people[0]!.id, "web"), { workspaceId: world.workspace.id, watcher: () => {} }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("hears the person's role again while open: a demoted admin stops hearing of others' conversations, a removed member of all", async () => {
    const anaOnly = await createConversation(ana(), { workspaceId: world.workspace.id, title: "Ana's own" });
    const promoted = world.people[1]!.id; // Ben, a member who does not take part in Ana's conversation
    const membership = { workspaceId_userId: { workspaceId: world.workspace.id, userId: promoted } };
    await db().membership.update({ where: membership, data: { role: "admin" } });
    const heard: WorkspaceEvent[] = [];
    const stop = await watchWorkspace(ben(), {
      workspaceId: world.workspace.id,
      watcher: (e) => heard.push(e),
      recheckMs: 0,
    });
    try {
      await postPersonMessage(ana(), { conversationId: anaOnly.id, body: "An admin hears this" });
      await settle();
      expect(heard.filter((e) => "conversation_id" in e && e.conversation_id === anaOnly.id)).toHaveLength(1);

      await db().membership.update({ where: membership, data: { role: "member" } });
      await postPersonMessage(ana(), { conversationId: anaOnly.id, body: "A member does not" });
      await postPersonMessage(ben(), {
        conversationId: world.conversations[1]!.id,
        body: "Ben's own conversation still reaches him",
      });
      await settle();
      const ids = heard.map((e) => ("conversation_id" in e ? e.conversation_id : e.kind));
      expect(ids.filter((id) => id === anaOnly.id)).toHaveLength(1);
      expect(ids).toContain(world.conversations[1]!.id);

      await db().membership.delete({ where: membership });
      const before = heard.length;
      await postPersonMessage(ana(), { conversationId: world.conversations[1]!.id, body: "Ben left the workspace" });
      await settle();
      expect(heard).toHaveLength(before);
    } finally {
      stop();
      await db().membership.create({ data: { workspaceId: world.workspace.id, userId: promoted, role: "member" } });
    }
  });
});

describe("what people did through their assistant", () => {
  it("shows an approval and a message made through MCP as such", async () => {
    const conversationId = (
      await createConversation(ana(), {
        workspaceId: world.workspace.id,
        title: "Assistant",
        botIds: [world.bots[0]!.id],
      })
    ).id;
    const helper = (await authenticateBot(world.bots[0]!.api_key))!;
    const draft = await createDraft(helper, { conversationId, input: { body: "Your renewal is ready to sign." } });
    await approveDraft(person(world.people[0]!.id, "mcp"), { draftId: draft.id });
    const { message } = await postPersonMessage(person(world.people[0]!.id, "mcp"), {
      conversationId,
      body: "Sent by my assistant",
    });
    const thread = await getThread(ana(), conversationId);
    const approved = thread.messages.find((m) => m.body === "Your renewal is ready to sign.")!;
    expect(approved.sender).toMatchObject({
      type: "bot",
      approved_by: { handle: world.people[0]!.handle, via: "mcp" },
    });
    expect(thread.messages.find((m) => m.id === message.id)!.sender).toMatchObject({ type: "person", via: "mcp" });
  });
});
