import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { optIn, optOut } from "./set-opt-out";

let world: SeededWorld;
let renewal: string; // Dev's conversation: ana, ben, contact Dev, the helper bot
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "cli");
const NOWHERE = "00000000-0000-4000-8000-000000000000";

beforeEach(async () => {
  world = await seedWorld();
  renewal = world.conversations[1]!.id;
});

const active = (where: { userId?: string; contactId?: string }) => db().optOut.findMany({ where: { ...where, revokedAt: null } });
const helperSends = (conversationId: string) =>
  api("POST", `/conversations/${conversationId}/messages`, { key: world.bots[0]!.api_key, body: { body: "hi" }, idempotencyKey: idem() });

describe("optOut", () => {
  it("a person opts themselves out of one conversation, once, with an audit event", async () => {
    expect(await optOut(ben(), { conversationId: renewal })).toMatchObject({
      opted_out: true,
      created: true,
      scope: "conversation",
      user_id: world.people[1]!.id,
    });
    expect(await optOut(ben(), { conversationId: renewal })).toMatchObject({ created: false });
    expect(await active({ userId: world.people[1]!.id })).toEqual([expect.objectContaining({ conversationId: renewal, recordedByUserId: world.people[1]!.id })]);
    expect(await db().auditEvent.count({ where: { action: "consent.opted_out", subjectId: renewal } })).toBe(1);
    expect((await helperSends(renewal)).status).toBe(409);
    expect((await helperSends(world.conversations[0]!.id)).status).toBe(201);
  });

  it("everywhere: one workspace-wide row that also covers later per-conversation requests", async () => {
    await optOut(ben(), { conversationId: renewal }); // a narrower opt-out first does not stand in for the wide one
    expect(await optOut(ben(), { conversationId: renewal, everywhere: true })).toMatchObject({
      created: true,
      scope: "workspace",
    });
    expect(await optOut(ben(), { conversationId: world.conversations[0]!.id, everywhere: true })).toMatchObject({
      created: false,
    });
    expect(await optOut(ben(), { conversationId: world.conversations[0]!.id })).toMatchObject({
      created: false,
      scope: "workspace",
    });
    const rows = await active({ userId: world.people[1]!.id });
    expect(rows.map((r) => r.conversationId).sort()).toEqual([renewal, null].sort());
    expect((await helperSends(world.conversations[0]!.id)).status).toBe(409);
  });

  it("concurrent requests for one subject leave one row", async () => {
    // Open the pool's connections first, so the requests really overlap rather than queue for a connection.
    await Promise.all(Array.from({ length: 10 }, () => sql().unchecked("SELECT pg_sleep(0.05)")));
    await Promise.all(Array.from({ length: 10 }, () => optOut(ben(), { conversationId: renewal })));
    expect(await active({ userId: world.people[1]!.id })).toHaveLength(1);
  });

  it("records a contact's opt-out when the contact takes part in the conversation", async () => {
    const dev = world.conversations[1]!.contact_id;
    expect(await optOut(ana(), { conversationId: renewal, contactId: dev })).toMatchObject({
      created: true,
      contact_id: dev,
    });
    expect(await active({ contactId: dev })).toEqual([expect.objectContaining({ conversationId: renewal, userId: null, recordedByUserId: world.people[0]!.id })]);
    expect((await helperSends(renewal)).status).toBe(409);
    const carla = world.conversations[0]!.contact_id;
    await expect(optOut(ana(), { conversationId: renewal, contactId: carla })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await active({ contactId: carla })).toHaveLength(0);
  });

  it("refuses people who may not act in the conversation, and unknown conversations", async () => {
    const tag = randomBytes(4).toString("hex");
    const bystander = await createPerson({ email: `b${tag}@example.com`, name: "B", handle: `b${tag}`, workspaceId: world.workspace.id });
    await expect(optOut(person(bystander.id, "web"), { conversationId: renewal })).rejects.toMatchObject({
      code: "not_found",
      message: "Conversation not found",
    });
    const outsider = await seedWorld();
    await expect(optOut(person(outsider.people[0]!.id, "web"), { conversationId: renewal })).rejects.toMatchObject({
      code: "not_found",
      message: "Conversation not found",
    });
    await expect(optOut(ben(), { conversationId: NOWHERE })).rejects.toMatchObject({ code: "not_found" });
    expect(await db().optOut.count({ where: { workspaceId: world.workspace.id } })).toBe(0);
  });
});

describe("optIn", () => {
  it("revokes the opt-outs that cover this conversation, keeps those of other conversations, and repeats are no-ops", async () => {
    const ben_ = world.people[1]!.id;
    await optOut(ben(), { conversationId: renewal });
    await optOut(ben(), { conversationId: world.conversations[0]!.id });
    await optOut(ben(), { conversationId: renewal, everywhere: true });
    expect(await optIn(ben(), { conversationId: renewal })).toMatchObject({ opted_out: false, revoked: 2 });
    expect((await active({ userId: ben_ })).map((r) => r.conversationId)).toEqual([world.conversations[0]!.id]);
    expect(await db().optOut.count({ where: { userId: ben_, revokedAt: { not: null } } })).toBe(2);
    expect(await optIn(ben(), { conversationId: renewal })).toMatchObject({ revoked: 0 });
    expect(await db().auditEvent.count({ where: { action: "consent.opted_in", subjectId: renewal } })).toBe(1);
    expect((await helperSends(renewal)).status).toBe(201);
  });

  it("opts a contact back in; refuses outsiders", async () => {
    const dev = world.conversations[1]!.contact_id;
    await optOut(ana(), { conversationId: renewal, contactId: dev });
    const outsider = await seedWorld();
    await expect(
      optIn(person(outsider.people[0]!.id, "web"), { conversationId: renewal, contactId: dev }),
    ).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    expect(await active({ contactId: dev })).toHaveLength(1);
    expect(await optIn(ben(), { conversationId: renewal, contactId: dev })).toMatchObject({
      revoked: 1,
      contact_id: dev,
    });
    expect(await active({ contactId: dev })).toHaveLength(0);
  });
});
