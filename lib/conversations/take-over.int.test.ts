import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { release, takeOver } from "./take-over";

let world: SeededWorld;
let conversation: string;
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "cli");

beforeAll(async () => {
  world = await seedWorld();
  conversation = world.conversations[1]!.id;
});

const row = () => db().conversation.findUniqueOrThrow({ where: { id: conversation } });
const audits = (action: string) => db().auditEvent.count({ where: { action, subjectId: conversation } });

describe("takeOver / release", () => {
  it("takes over (bot messages are then held), repeats change nothing, another participant can take it, anyone releases", async () => {
    const first = await takeOver(ben(), conversation);
    expect(first).toMatchObject({ taken_over_by_user_id: world.people[1]!.id, changed: true });
    const taken = await row();
    expect(taken.takenOverByUserId).toBe(world.people[1]!.id);
    expect(taken.takenOverAt).toBeInstanceOf(Date);
    const held = await api("POST", `/conversations/${conversation}/messages`, { key: world.bots[0]!.api_key, body: { body: "hi" }, idempotencyKey: idem() });
    expect(held.status).toBe(202);
    expect(held.body.data.reasons).toEqual(["conversation_taken_over"]);

    expect(await takeOver(ben(), conversation)).toMatchObject({ changed: false });
    expect((await row()).takenOverAt).toEqual(taken.takenOverAt);
    expect(await audits("conversation.taken_over")).toBe(1);

    expect(await takeOver(ana(), conversation)).toMatchObject({ taken_over_by_user_id: world.people[0]!.id, changed: true });
    expect(await release(ben(), conversation)).toMatchObject({ taken_over_by_user_id: null, taken_over_at: null, changed: true });
    expect(await row()).toMatchObject({ takenOverByUserId: null, takenOverAt: null });
    expect(await release(ben(), conversation)).toMatchObject({ changed: false });
    expect(await audits("conversation.released")).toBe(1);
    const audit = await db().auditEvent.findFirstOrThrow({ where: { action: "conversation.released", subjectId: conversation } });
    expect(audit).toMatchObject({ actorId: world.people[1]!.id, via: "cli" });
  });

  it("refuses members who do not take part, outsiders, and unknown conversations", async () => {
    const tag = randomBytes(4).toString("hex");
    const bystander = await createPerson({ email: `b${tag}@example.com`, name: "B", handle: `b${tag}`, workspaceId: world.workspace.id });
    await expect(takeOver(person(bystander.id, "web"), conversation)).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    const outsider = await seedWorld();
    await expect(takeOver(person(outsider.people[0]!.id, "web"), conversation)).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    await expect(release(person(outsider.people[0]!.id, "web"), conversation)).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    await expect(takeOver(ana(), "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "not_found" });
    expect((await row()).takenOverByUserId).toBeNull();
  });
});
