import { beforeAll, describe, expect, it } from "vitest";
import { setContactRouting } from "@/lib/contacts/set-contact-routing";
import { createConversation } from "@/lib/conversations/create-conversation";
import { setConversationLabels } from "@/lib/conversations/set-conversation-labels";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { getConversationRouting } from "./get-conversation-routing";

// What policy rules read of a conversation, as the chat shows it beside the conversation (issue 33): its labels and
// its contacts' labels and time zones, to anyone who may open it; out of sight, as for the thread, 404.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

beforeAll(async () => {
  world = await seedWorld();
});

describe("getConversationRouting", () => {
  it("answers the conversation's labels and each contact's labels and zone, to a member who takes part", async () => {
    const { id: conversationId, contact_id: carla } = world.conversations[0]!;
    expect(await getConversationRouting(ben(), { conversationId })).toEqual({
      labels: [],
      contacts: { [carla]: { labels: [], time_zone: null } },
    });
    await setConversationLabels(ana(), { conversationId, labels: ["Legal", "escalated"] });
    await setContactRouting(ana(), { contactId: carla, labels: ["VIP"], timeZone: "America/New_York" });
    expect(await getConversationRouting(ben(), { conversationId })).toEqual({
      labels: ["escalated", "legal"],
      contacts: { [carla]: { labels: ["vip"], time_zone: "America/New_York" } },
    });
  });

  it("answers a conversation without contacts with none", async () => {
    const bare = await createConversation(ana(), { workspaceId: world.workspace.id, title: "Just us", userIds: [] });
    expect(await getConversationRouting(ana(), { conversationId: bare.id })).toEqual({ labels: [], contacts: {} });
  });

  it("refuses, as not found, a conversation out of the person's sight, another workspace's and a random id", async () => {
    const hidden = await createConversation(ana(), { workspaceId: world.workspace.id, title: "Ana alone", userIds: [] });
    const other = await seedWorld();
    for (const [who, conversationId] of [
      [ben(), hidden.id],
      [ana(), other.conversations[0]!.id],
      [ana(), "00000000-0000-4000-8000-000000000000"],
      [ana(), "not-a-uuid"],
    ] as const)
      await expect(getConversationRouting(who, { conversationId })).rejects.toMatchObject({
        code: "not_found",
        message: "Conversation not found",
      });
  });
});
