import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createPerson } from "@/lib/people/create-person";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { createBot } from "./create-bot";
import { updateBot } from "./update-bot";

let world: SeededWorld;
let outsider: SeededWorld;
let botId: string; // registered by ben (a member): ben is its developer
let carolId: string; // another member of the same workspace
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member, the bot's developer

beforeAll(async () => {
  world = await seedWorld();
  outsider = await seedWorld();
  const carol = await createPerson({
    email: `carol-${world.workspace.slug}@demo.relay.test`,
    name: "Carol",
    handle: `carol.${world.workspace.slug.slice(-8)}`,
    workspaceId: world.workspace.id,
  });
  carolId = carol.id;
  const created = await createBot(ben(), {
    workspaceId: world.workspace.id,
    handle: `bb-${world.workspace.slug.slice(-8)}`,
    name: "Ben's bot",
  });
  botId = created.bot.id;
});

const row = () => db().bot.findUniqueOrThrow({ where: { id: botId } });

describe("updateBot", () => {
  it("the bot's developer changes name, webhook URL and subscriptions; the change is audited", async () => {
    const updated = await updateBot(ben(), {
      botId,
      name: "  Ben's helper  ",
      webhookUrl: "https://bots.example.com/hook",
      eventTypes: ["message.created", "draft.rejected", "message.created"],
    });
    expect(updated).toMatchObject({
      id: botId,
      name: "Ben's helper",
      webhook_url: "https://bots.example.com/hook",
      event_types: ["message.created", "draft.rejected"],
      changed: ["name", "webhook_url", "event_types"],
    });
    expect(await row()).toMatchObject({
      name: "Ben's helper",
      webhookUrl: "https://bots.example.com/hook",
      eventTypes: ["message.created", "draft.rejected"],
    });
    const audit = await db().auditEvent.findFirstOrThrow({ where: { subjectId: botId, action: "bot.updated" } });
    expect(audit).toMatchObject({ actorType: "person", actorId: world.people[1]!.id, via: "web" });
    expect(audit.data).toMatchObject({ name: { from: "Ben's bot", to: "Ben's helper" } });
  });

  it("a workspace admin may update a bot a member registered; only given fields change; a repeat changes nothing", async () => {
    expect(await updateBot(ana(), { botId, webhookUrl: "https://other.example.com/relay" })).toMatchObject({
      changed: ["webhook_url"],
      name: "Ben's helper",
    });
    const audits = () => db().auditEvent.count({ where: { subjectId: botId, action: "bot.updated" } });
    const before = await audits();
    expect(await updateBot(ana(), { botId, webhookUrl: "https://other.example.com/relay" })).toMatchObject({
      changed: [],
    });
    expect(await audits()).toBe(before);
    expect(await row()).toMatchObject({
      webhookUrl: "https://other.example.com/relay",
      eventTypes: ["message.created", "draft.rejected"],
    });
  });

  it("an empty or null webhook URL removes it", async () => {
    expect(await updateBot(ben(), { botId, webhookUrl: "" })).toMatchObject({ webhook_url: null });
    await updateBot(ben(), { botId, webhookUrl: "https://bots.example.com/hook" });
    expect(await updateBot(ben(), { botId, webhookUrl: null })).toMatchObject({ webhook_url: null });
    await updateBot(ben(), { botId, webhookUrl: "https://bots.example.com/hook" });
  });

  it("another member of the workspace is forbidden, people of other workspaces not_found; nothing changes", async () => {
    const before = await row();
    await expect(updateBot(person(carolId, "web"), { botId, name: "Carol's now" })).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    await expect(updateBot(person(outsider.people[0]!.id, "web"), { botId, name: "Theirs" })).rejects.toMatchObject({
      code: "not_found",
    });
    // A member is not the manager of bots they did not register, even seeded ones.
    await expect(updateBot(ben(), { botId: world.bots[0]!.id, name: "Mine" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await row()).toEqual(before);
  });

  it("refuses a bad webhook URL, an unknown event type or an empty name, and changes nothing", async () => {
    const before = await row();
    await expect(
      updateBot(ben(), { botId, name: "Renamed", webhookUrl: "http://bots.example.com/hook" }),
    ).rejects.toMatchObject({
      code: "invalid_body",
      message: expect.stringContaining("https"),
    });
    await expect(updateBot(ben(), { botId, name: "Renamed", webhookUrl: "not a url" })).rejects.toMatchObject({
      code: "invalid_body",
    });
    await expect(
      updateBot(ben(), { botId, name: "Renamed", eventTypes: ["message.created", "message.deleted"] }),
    ).rejects.toMatchObject({
      code: "invalid_body",
      message: expect.stringContaining("message.deleted"),
    });
    await expect(updateBot(ben(), { botId, name: "   " })).rejects.toMatchObject({ code: "invalid_body" });
    expect(await row()).toEqual(before);
  });

  it("not_found for an unknown bot or a malformed id; the operator may update any bot", async () => {
    await expect(updateBot(ana(), { botId: "00000000-0000-4000-8000-000000000000", name: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(updateBot(ana(), { botId: "not-a-uuid", name: "x" })).rejects.toMatchObject({ code: "not_found" });
    expect(await updateBot(systemActor, { botId: outsider.bots[0]!.id, name: "Operator's name" })).toMatchObject({
      name: "Operator's name",
    });
    expect(
      await db().auditEvent.findFirstOrThrow({ where: { subjectId: outsider.bots[0]!.id, action: "bot.updated" } }),
    ).toMatchObject({ actorType: "system", via: "cli" });
  });
});
