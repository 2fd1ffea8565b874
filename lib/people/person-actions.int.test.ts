import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { blockBot, unblockBot } from "@/lib/conversations/block-bot";
import { takeOver, release } from "@/lib/conversations/take-over";
import { authorizeBot } from "@/lib/conversations/authorize-bot";
import { optOut, optIn } from "@/lib/consent/set-opt-out";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { setWorkspaceStatus } from "@/lib/workspaces/set-workspace-status";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { listPendingApprovals } from "@/lib/drafts/list-pending-approvals";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { person } from "./actor";

// Who may do what: every person action refuses people without the right, and leaves an audit trail when it acts.

let world: SeededWorld;
let outsider: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member
const stranger = () => person(outsider.people[0]!.id, "web");

beforeAll(async () => {
  world = await seedWorld();
  outsider = await seedWorld();
});

describe("person actions", () => {
  it("only admins pause or stop a bot", async () => {
    await expect(setBotStatus(ben(), { botId: world.bots[0]!.id, status: "paused" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(setBotStatus(stranger(), { botId: world.bots[0]!.id, status: "paused" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(
      await setBotStatus(ana(), { botId: world.bots[0]!.id, status: "paused", reason: "reviewing" }),
    ).toMatchObject({ status: "paused", status_reason: "reviewing" });
    expect(await setBotStatus(ana(), { botId: world.bots[0]!.id, status: "active" })).toMatchObject({
      status: "active",
    });
    await expect(
      setBotStatus(ana(), { botId: "00000000-0000-4000-8000-000000000000", status: "paused" }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(
      await db().auditEvent.count({
        where: { subjectId: world.bots[0]!.id, action: { in: ["bot.paused", "bot.active"] } },
      }),
    ).toBe(2);
  });

  it("only admins change the workspace's status and policy", async () => {
    await expect(
      setWorkspaceStatus(ben(), { workspaceId: world.workspace.id, status: "suspended" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      updatePolicySettings(ben(), { workspaceId: world.workspace.id, changes: { dailyLimit: 5 } }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { dailyLimit: 0 } }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    expect(
      await updatePolicySettings(ana(), {
        workspaceId: world.workspace.id,
        changes: { dailyLimit: 500, conversationLimit: null },
      }),
    ).toMatchObject({ daily_limit: 500, conversation_limit: null });
  });

  it("take-over, block and opt-out need someone in the conversation; repeats change nothing", async () => {
    const conversation = world.conversations[1]!.id;
    await expect(takeOver(stranger(), conversation)).rejects.toMatchObject({
      code: "not_found",
      message: "Conversation not found",
    });
    await expect(
      blockBot(stranger(), { conversationId: conversation, botId: world.bots[0]!.id }),
    ).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    await expect(optOut(stranger(), { conversationId: conversation })).rejects.toMatchObject({
      code: "not_found",
      message: "Conversation not found",
    });
    expect((await takeOver(ben(), conversation)).taken_over_by_user_id).toBe(world.people[1]!.id);
    expect((await release(ben(), conversation)).taken_over_by_user_id).toBeNull();
    expect((await blockBot(ben(), { conversationId: conversation, botId: world.bots[0]!.id })).changed).toBe(true);
    expect((await blockBot(ben(), { conversationId: conversation, botId: world.bots[0]!.id })).changed).toBe(false);
    await unblockBot(ana(), { conversationId: conversation, botId: world.bots[0]!.id });
    expect(await db().botBlock.count({ where: { conversationId: conversation, revokedAt: null } })).toBe(0);
    expect((await optOut(ben(), { conversationId: conversation })).created).toBe(true);
    expect((await optOut(ben(), { conversationId: conversation })).created).toBe(false);
    expect((await optIn(ben(), { conversationId: conversation })).revoked).toBe(1);
    await expect(
      optOut(ben(), { conversationId: conversation, contactId: world.contacts[0]!.id }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("do-not-contact is for members of the contact's workspace", async () => {
    await expect(
      setDoNotContact(stranger(), { contactId: world.contacts[0]!.id, doNotContact: true }),
    ).rejects.toMatchObject({ code: "not_found", message: "Contact not found" });
    expect(await setDoNotContact(ben(), { contactId: world.contacts[0]!.id, doNotContact: true })).toMatchObject({
      do_not_contact: true,
    });
    expect(await setDoNotContact(ben(), { contactId: world.contacts[0]!.id, doNotContact: false })).toMatchObject({
      do_not_contact: false,
    });
  });

  it("only participants authorize bots, and only bots of the same workspace", async () => {
    const conversation = world.conversations[2]!.id;
    await expect(
      authorizeBot(stranger(), { conversationId: conversation, botId: world.bots[0]!.id }),
    ).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    await expect(
      authorizeBot(ana(), { conversationId: conversation, botId: outsider.bots[0]!.id }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await authorizeBot(ana(), { conversationId: conversation, botId: world.bots[0]!.id })).created).toBe(true);
    expect((await api("GET", `/conversations/${conversation}/messages`, { key: world.bots[0]!.api_key })).status).toBe(200);
  });

  it("the approvals inbox lists pending drafts and held messages with bot and reasons", async () => {
    const scheduler = world.bots[1]!;
    const held = await api("POST", `/conversations/${world.conversations[0]!.id}/messages`, { key: scheduler.api_key, body: { body: "Held one" }, idempotencyKey: idem() });
    const items = await listPendingApprovals(ben(), { workspaceId: world.workspace.id });
    const item = items.find((i) => i.id === held.body.data.approval_id);
    expect(item).toMatchObject({
      origin: "held_message",
      reasons: ["new_bot"],
      bot: { handle: scheduler.handle },
      body: "Held one",
    });
    await expect(listPendingApprovals(stranger(), { workspaceId: world.workspace.id })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
