import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { api, idem } from "@/test/api/client";
import { blockBot, unblockBot } from "./block-bot";

let world: SeededWorld;
let outsider: SeededWorld;
let conversation: string;
let helper: string;
const ana = () => person(world.people[0]!.id, "web");
const ben = () => person(world.people[1]!.id, "cli");

beforeAll(async () => {
  world = await seedWorld();
  outsider = await seedWorld();
  conversation = world.conversations[1]!.id;
  helper = world.bots[0]!.id;
});

const activeBlocks = () => db().botBlock.findMany({ where: { conversationId: conversation, botId: helper, revokedAt: null } });
const helperSends = () => api("POST", `/conversations/${conversation}/messages`, { key: world.bots[0]!.api_key, body: { body: "hi" }, idempotencyKey: idem() });

describe("blockBot / unblockBot", () => {
  it("blocks once (even when clicked concurrently), the bot's sends are blocked, and unblocking lifts it", async () => {
    // Open the pool's connections first, so the three requests really overlap.
    await Promise.all(
      Array.from({ length: 3 }, () => db().$transaction((tx) => tx.$executeRaw`SELECT pg_sleep(0.05)`)),
    );
    const results = await Promise.all([
      blockBot(ben(), { conversationId: conversation, botId: helper }),
      blockBot(ben(), { conversationId: conversation, botId: helper }),
      blockBot(ana(), { conversationId: conversation, botId: helper }),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await activeBlocks()).toHaveLength(1);
    expect(await db().auditEvent.count({ where: { action: "bot.blocked", subjectId: conversation } })).toBe(1);
    const blocked = await helperSends();
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.reasons).toEqual(["blocked_by_participant"]);

    expect(await unblockBot(ana(), { conversationId: conversation, botId: helper })).toMatchObject({
      blocked: false,
      changed: true,
    });
    expect(await activeBlocks()).toHaveLength(0);
    expect(await db().botBlock.findFirstOrThrow({ where: { conversationId: conversation, botId: helper } })).toMatchObject({ revokedByUserId: world.people[0]!.id });
    expect(await unblockBot(ana(), { conversationId: conversation, botId: helper })).toMatchObject({ changed: false });
    expect(await db().auditEvent.count({ where: { action: "bot.unblocked", subjectId: conversation } })).toBe(1);
    expect((await helperSends()).status).toBe(201);

    expect(await blockBot(ben(), { conversationId: conversation, botId: helper })).toMatchObject({
      blocked: true,
      changed: true,
    }); // a new block after a lifted one
    expect(await activeBlocks()).toHaveLength(1);
    await unblockBot(ben(), { conversationId: conversation, botId: helper });
  });

  it("refuses people who may not act in the conversation", async () => {
    const tag = randomBytes(4).toString("hex");
    const bystander = await createPerson({
      email: `b${tag}@example.com`,
      name: "B",
      handle: `b${tag}`,
      workspaceId: world.workspace.id,
    });
    await expect(
      blockBot(person(bystander.id, "web"), { conversationId: conversation, botId: helper }),
    ).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    await expect(
      blockBot(person(outsider.people[0]!.id, "web"), { conversationId: conversation, botId: helper }),
    ).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    await expect(
      unblockBot(person(outsider.people[0]!.id, "web"), { conversationId: conversation, botId: helper }),
    ).rejects.toMatchObject({ code: "not_found", message: "Conversation not found" });
    expect(await activeBlocks()).toHaveLength(0);
  });

  it("not_found for another workspace's bot, an unknown bot or an unknown conversation", async () => {
    await expect(blockBot(ben(), { conversationId: conversation, botId: outsider.bots[0]!.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      blockBot(ben(), { conversationId: conversation, botId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(unblockBot(ben(), { conversationId: conversation, botId: "nope" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      blockBot(ben(), { conversationId: "00000000-0000-4000-8000-000000000000", botId: helper }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db().botBlock.count({ where: { blockedByUserId: world.people[1]!.id, revokedAt: null } })).toBe(0);
  });
});
