import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createConversation } from "@/lib/conversations/create-conversation";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { setContactRouting } from "./set-contact-routing";
import { setDoNotContact } from "./set-do-not-contact";
import { getContact } from "./get-contact";

// A contact's page: its details and marks, and the conversations with it the viewer may open.

let world: SeededWorld;
let carla: string;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

beforeAll(async () => {
  world = await seedWorld();
  carla = world.conversations[0]!.contact_id;
});

describe("getContact", () => {
  it("an admin sees every conversation with the contact, newest first; a member only theirs, and how many others", async () => {
    const seeded = world.conversations.filter((c) => c.contact_id === carla).map((c) => c.id);
    // One more, between Ana and Carla only: Ben does not take part in it.
    const private_ = await createConversation(ana(), { workspaceId: world.workspace.id, title: "Ana and Carla", contactIds: [carla] });
    await db().conversation.update({ where: { id: private_.id }, data: { lastMessageAt: new Date(Date.now() + 60_000) } });

    const asAdmin = await getContact(ana(), carla);
    expect(asAdmin.conversations.map((c) => c.id)).toEqual([private_.id, ...asAdmin.conversations.slice(1).map((c) => c.id)]);
    expect(asAdmin.conversations.map((c) => c.id).sort()).toEqual([private_.id, ...seeded].sort());
    expect(asAdmin.other_conversations).toBe(0);
    expect(asAdmin.conversations[0]).toEqual({ id: private_.id, title: "Ana and Carla", last_message_at: expect.any(String) });

    const benIn = await db().conversationParticipant.findMany({
      where: { userId: world.people[1]!.id, conversationId: { in: [private_.id, ...seeded] } },
    });
    const asMember = await getContact(ben(), carla);
    expect(asMember.conversations.map((c) => c.id).sort()).toEqual(benIn.map((p) => p.conversationId).sort());
    expect(asMember.conversations.map((c) => c.id)).not.toContain(private_.id);
    expect(asMember.other_conversations).toBe(seeded.length + 1 - benIn.length);
  });

  it("says who marked the contact do-not-contact, and when", async () => {
    await setDoNotContact(ben(), { contactId: carla, doNotContact: true });
    expect(await getContact(ana(), carla)).toMatchObject({
      do_not_contact: true,
      do_not_contact_by: "Ben Okafor",
      do_not_contact_at: expect.any(String),
      sensitivity: "normal",
    });
    await setDoNotContact(ben(), { contactId: carla, doNotContact: false });
  });

  it("shows anyone in the workspace the labels and time zone policy rules read (issue 33)", async () => {
    expect(await getContact(ben(), carla)).toMatchObject({ labels: [], time_zone: null });
    await setContactRouting(ana(), { contactId: carla, labels: ["VIP", "renewal"], timeZone: "Europe/Berlin" });
    expect(await getContact(ben(), carla)).toMatchObject({ labels: ["renewal", "vip"], time_zone: "Europe/Berlin" });
    await setContactRouting(ana(), { contactId: carla, labels: [], timeZone: null });
  });

  it("refuses people of other workspaces and unknown contacts", async () => {
    const other = await seedWorld();
    await expect(getContact(person(other.people[0]!.id, "web"), carla)).rejects.toMatchObject({ code: "not_found", message: "Contact not found" });
    await expect(getContact(ana(), "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "not_found" });
  });
});
