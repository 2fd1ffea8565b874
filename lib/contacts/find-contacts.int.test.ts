import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createConversation } from "@/lib/conversations/create-conversation";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { createContact } from "./create-contact";
import { findContacts } from "./find-contacts";

// The new-conversation form finds contacts as a person types, however many the workspace has.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const names = async (query: string, limit?: number) =>
  (await findContacts(ana(), { workspaceId: world.workspace.id, query, limit })).map((c) => c.name);

async function contact(name: string, extra: { email?: string; phone?: string } = {}) {
  return createContact(systemActor, { workspaceId: world.workspace.id, name, ...extra });
}

/** A conversation with the contact whose last message was `minutesAgo` minutes ago. */
async function talkedWith(contactId: string, minutesAgo: number) {
  const conversation = await createConversation(ana(), { workspaceId: world.workspace.id, contactIds: [contactId] });
  await db().conversation.update({
    where: { id: conversation.id },
    data: { lastMessageAt: new Date(Date.now() - minutesAgo * 60_000) },
  });
}

beforeAll(async () => {
  world = await seedWorld();
  // The seed's own contacts and conversations would take the first places: start from a workspace of our own.
  await db().conversation.deleteMany({ where: { workspaceId: world.workspace.id } });
  await db().contact.deleteMany({ where: { workspaceId: world.workspace.id } });
  const carla = await contact("Carla Mendes", { email: "carla@example.com" });
  const carlos = await contact("Carlos Ortiz", { email: "c.ortiz@example.org" });
  const anaCarla = await contact("Ana Carla Souza");
  await contact("Zed Silva", { phone: "+351 912 000 111" });
  await contact("100%_Real Estate");
  await contact("Bea Cruz");
  await talkedWith(carlos.id, 5);
  await talkedWith(anaCarla.id, 1);
  await talkedWith(carla.id, 60);
});

describe("findContacts", () => {
  it("with nothing typed: the contacts most recently talked with, then the others by name", async () => {
    expect(await names("")).toEqual([
      "Ana Carla Souza",
      "Carlos Ortiz",
      "Carla Mendes",
      "100%_Real Estate",
      "Bea Cruz",
      "Zed Silva",
    ]);
    expect(await names("", 2)).toEqual(["Ana Carla Souza", "Carlos Ortiz"]);
  });

  it("by a part of the name, email or phone, case-insensitive; names that start with it first", async () => {
    expect(await names("carl")).toEqual(["Carlos Ortiz", "Carla Mendes", "Ana Carla Souza"]);
    expect(await names("  CARLA ")).toEqual(["Carla Mendes", "Ana Carla Souza"]);
    expect(await names("ortiz@example.com")).toEqual([]);
    expect(await names("c.ortiz@")).toEqual(["Carlos Ortiz"]);
    expect(await names("912 000")).toEqual(["Zed Silva"]);
    expect(await findContacts(ana(), { workspaceId: world.workspace.id, query: "carla@" })).toEqual([
      expect.objectContaining({ name: "Carla Mendes", detail: "carla@example.com", do_not_contact: false }),
    ]);
  });

  it("matches % and _ as themselves, not as wildcards", async () => {
    expect(await names("%")).toEqual(["100%_Real Estate"]);
    expect(await names("_")).toEqual(["100%_Real Estate"]);
    expect(await names("0%_r")).toEqual(["100%_Real Estate"]);
  });

  it("shows only the workspace's own contacts, and only to its members", async () => {
    const other = await seedWorld();
    await createContact(systemActor, { workspaceId: other.workspace.id, name: "Carla Elsewhere" });
    expect(await names("elsewhere")).toEqual([]);
    await expect(
      findContacts(person(other.people[0]!.id, "web"), { workspaceId: world.workspace.id, query: "carla" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(findContacts(ana(), { workspaceId: "not-a-uuid", query: "carla" })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
