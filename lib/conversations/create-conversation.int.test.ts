import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { newConversationChoices } from "@/lib/chat/new-conversation-choices";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { createConversation } from "./create-conversation";

// A person starts a conversation from the chat: with contacts or a new one, other members and bots, in one
// transaction; and what the form offers them.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");

beforeAll(async () => {
  world = await seedWorld();
});

describe("createConversation", () => {
  it("makes a new contact with the conversation, adds the chosen member and authorizes the chosen bot", async () => {
    const conversation = await createConversation(ana(), {
      workspaceId: world.workspace.id,
      title: "Kitchen visit",
      userIds: [world.people[1]!.id],
      newContact: { name: "Dana Reyes" },
      botIds: [world.bots[0]!.id],
    });
    const contact = await db().contact.findFirstOrThrow({
      where: { workspaceId: world.workspace.id, name: "Dana Reyes" },
    });
    const participants = await db().conversationParticipant.findMany({ where: { conversationId: conversation.id } });
    expect(participants.map((p) => p.userId ?? p.contactId).sort()).toEqual(
      [world.people[0]!.id, world.people[1]!.id, contact.id].sort(),
    );
    const authorized = await db().botAuthorization.findMany({ where: { conversationId: conversation.id } });
    expect(authorized.map((a) => [a.botId, a.authorizedByUserId])).toEqual([[world.bots[0]!.id, world.people[0]!.id]]);
    expect(await db().auditEvent.count({ where: { subjectId: contact.id, action: "contact.created" } })).toBe(1);
  });

  it("refused, it leaves nothing behind: no conversation, and no new contact", async () => {
    const other = await seedWorld();
    const before = await db().conversation.count({ where: { workspaceId: world.workspace.id } });
    await expect(
      createConversation(ana(), {
        workspaceId: world.workspace.id,
        newContact: { name: "Never made" },
        userIds: [other.people[0]!.id], // not a member of this workspace
      }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    await expect(
      createConversation(ana(), {
        workspaceId: world.workspace.id,
        newContact: { name: "Never made" },
        botIds: [other.bots[0]!.id], // another workspace's bot
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db().contact.count({ where: { name: "Never made" } })).toBe(0);
    expect(await db().conversation.count({ where: { workspaceId: world.workspace.id } })).toBe(before);
  });
});

describe("newConversationChoices", () => {
  it("offers the other members, the contacts and the bots that may still talk; only to members", async () => {
    const p = await seedWorld();
    await setBotStatus(systemActor, { botId: p.bots[1]!.id, status: "stopped" });
    const choices = await newConversationChoices(person(p.people[0]!.id, "web"), p.workspace.id);
    expect(choices.people.map((x) => x.id)).toEqual([p.people[1]!.id]);
    expect(choices.contacts.map((c) => c.id).sort()).toEqual(p.contacts.map((c) => c.id).sort());
    expect(choices.bots.map((b) => b.id)).toEqual([p.bots[0]!.id]);
    await expect(newConversationChoices(ana(), p.workspace.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
