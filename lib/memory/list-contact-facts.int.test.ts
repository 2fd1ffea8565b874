import { beforeAll, describe, expect, it } from "vitest";
import { createConversation } from "@/lib/conversations/create-conversation";
import { db } from "@/lib/db/client";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { listContactFacts } from "./list-contact-facts";

// What people see of a contact's facts: any member sees every fact, but a source's excerpt and link only when they
// may open the conversation it is in, so the facts panel never quotes a conversation a member cannot read.

let world: SeededWorld;
let carla: string;
let shared: { id: string; conversationId: string };
let private_: { id: string; conversationId: string };
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

const fact = (key: string, text: string, sourceMessageId: string) =>
  db().contactFact.create({
    data: {
      workspaceId: world.workspace.id,
      contactId: carla,
      key,
      fact: text,
      sourceMessageId,
      proposedByUserId: world.people[0]!.id,
    },
  });

beforeAll(async () => {
  world = await seedWorld();
  carla = world.conversations[0]!.contact_id;
  // The seed's first conversation has Ana and Ben; this one only Ana (and Carla).
  const anasOwn = await createConversation(ana(), {
    workspaceId: world.workspace.id,
    title: "Ana and Carla",
    contactIds: [carla],
  });
  await postPersonMessage(ana(), {
    conversationId: anasOwn.id,
    body: "Carla told me privately she prefers calls after 6pm",
  });
  private_ = await db().message.findFirstOrThrow({
    where: { conversationId: anasOwn.id },
    select: { id: true, conversationId: true },
  });
  shared = await db().message.findFirstOrThrow({
    where: { conversationId: world.conversations[0]!.id, seq: 1 },
    select: { id: true, conversationId: true },
  });
  await fact("preferences.calls", "Prefers calls after 6pm", private_.id);
  await fact("orders.latest", "Order #1042", shared.id);
});

describe("listContactFacts", () => {
  it("an admin sees every source with its excerpt", async () => {
    const { candidates } = await listContactFacts(ana(), carla);
    expect(candidates.map((f) => [f.key, f.source?.conversation_id, f.source_elsewhere])).toEqual([
      ["orders.latest", shared.conversationId, false],
      ["preferences.calls", private_.conversationId, false],
    ]);
    expect(candidates[1]!.source!.excerpt).toBe("Carla told me privately she prefers calls after 6pm");
  });

  it("a member sees every fact, but no excerpt or link for a source in a conversation they do not take part in", async () => {
    const { candidates } = await listContactFacts(ben(), carla);
    expect(candidates.map((f) => f.fact)).toEqual(["Order #1042", "Prefers calls after 6pm"]);
    expect(candidates[0]).toMatchObject({ source: { message_id: shared.id, seq: 1 }, source_elsewhere: false });
    expect(candidates[1]).toMatchObject({ source: null, source_elsewhere: true });
    expect(JSON.stringify(candidates)).not.toContain("privately");
  });

  it("refuses people of other workspaces and unknown contacts", async () => {
    const other = await seedWorld();
    await expect(listContactFacts(person(other.people[0]!.id, "web"), carla)).rejects.toMatchObject({
      code: "not_found",
      message: "Contact not found",
    });
    await expect(listContactFacts(ana(), "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
