import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { rotateSigningSecret } from "@/lib/webhooks/rotate-signing-secret";
import { createBot } from "./create-bot";
import { issueApiKey, revokeApiKey } from "./issue-api-key";
import { getManagedBot, listManagedBots } from "./list-bots";

let world: SeededWorld;
let outsider: SeededWorld;
let bensBot: string;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

beforeAll(async () => {
  world = await seedWorld();
  outsider = await seedWorld();
  const created = await createBot(ben(), {
    workspaceId: world.workspace.id,
    handle: `lb-${world.workspace.slug.slice(-8)}`,
    name: "Ben's bot",
    webhookUrl: "https://bots.example.com/hook",
  });
  bensBot = created.bot.id;
});

describe("listManagedBots", () => {
  it("an admin sees every bot of the workspace with its active key count, newest first", async () => {
    const second = await issueApiKey(ana(), { botId: world.bots[0]!.id, name: "second" });
    const third = await issueApiKey(ana(), { botId: world.bots[0]!.id, name: "third" });
    await revokeApiKey(ana(), third.id);
    const [workspace, ...others] = await listManagedBots(ana());
    expect(others).toEqual([]);
    expect(workspace).toMatchObject({ id: world.workspace.id, slug: world.workspace.slug, role: "admin" });
    expect(workspace!.bots.map((b) => b.id)).toEqual(
      expect.arrayContaining([bensBot, world.bots[0]!.id, world.bots[1]!.id]),
    );
    expect(workspace!.bots).toHaveLength(3);
    expect(workspace!.bots[0]).toMatchObject({
      id: bensBot,
      name: "Ben's bot",
      status: "active",
      webhook_url: "https://bots.example.com/hook",
      active_key_count: 1,
    });
    expect(workspace!.bots.find((b) => b.id === world.bots[0]!.id)).toMatchObject({ active_key_count: 2 });
    expect(second.key).toMatch(/^amk_/);
  });

  it("a member sees their workspace but only the bots they registered", async () => {
    const [workspace] = await listManagedBots(ben());
    expect(workspace).toMatchObject({ id: world.workspace.id, role: "member" });
    expect(workspace!.bots.map((b) => b.id)).toEqual([bensBot]);
  });

  it("people see nothing of workspaces they do not belong to", async () => {
    const mine = await listManagedBots(person(outsider.people[0]!.id, "web"));
    expect(mine.map((w) => w.id)).toEqual([outsider.workspace.id]);
    expect(mine[0]!.bots.map((b) => b.id)).not.toContain(bensBot);
  });
});

describe("getManagedBot", () => {
  it("the developer sees settings, keys by prefix and signing secrets by date, never secret material", async () => {
    const rotated = await rotateSigningSecret(ben(), { botId: bensBot, overlapMinutes: 60 });
    const bot = await getManagedBot(ben(), { botId: bensBot });
    expect(bot).toMatchObject({
      id: bensBot,
      name: "Ben's bot",
      webhook_url: "https://bots.example.com/hook",
      event_types: ["message.created", "message.received", "conversation.bot_added", "draft.approved", "draft.expired"],
      workspace: { id: world.workspace.id, slug: world.workspace.slug },
      created_by: { id: world.people[1]!.id },
    });
    expect(bot.keys).toHaveLength(1);
    expect(bot.keys[0]).toMatchObject({ name: "default", revoked_at: null, last_used_at: null });
    expect(bot.keys[0]!.prefix).toMatch(/^amk_/);
    expect(bot.signing_secrets.map((s) => s.state)).toEqual(["current", "previous"]);
    expect(bot.signing_secrets[1]!.expires_at).toBe(rotated.previous_expires_at);
    const text = JSON.stringify(bot);
    expect(text).not.toContain(rotated.signing_secret);
    const stored = await db().botSigningSecret.findMany({ where: { botId: bensBot } });
    for (const secret of stored) expect(text).not.toContain(secret.secretEncrypted);
    const key = await db().apiKey.findFirstOrThrow({ where: { botId: bensBot } });
    expect(text).not.toContain(key.keyHash);
  });

  it("an admin may read it; another member is forbidden; an outsider and unknown ids are not_found", async () => {
    expect((await getManagedBot(ana(), { botId: bensBot })).id).toBe(bensBot);
    await expect(getManagedBot(ben(), { botId: world.bots[0]!.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(getManagedBot(person(outsider.people[0]!.id, "web"), { botId: bensBot })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getManagedBot(ana(), { botId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(getManagedBot(ana(), { botId: "nope" })).rejects.toMatchObject({ code: "not_found" });
  });
});
