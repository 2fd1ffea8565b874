import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { warningText } from "@/lib/text/name-warnings";
import { cli } from "@/test/cli";
import { createBot } from "./create-bot";
import { getManagedBot, listManagedBots } from "./list-bots";
import { updateBot } from "./update-bot";

// Issue 31, 3c: a bot's name is judged when it is registered (told at once, kept in the audit record, never
// refused) and wherever the portal shows the bot (against the workspace's bots as they are now).
let world: SeededWorld;
let other: SeededWorld;
let billingId: string;
const ana = () => person(world.people[0]!.id, "web"); // admin
const tag = () => world.workspace.slug.slice(-8);
const texts = (warnings: Parameters<typeof warningText>[0][]) => warnings.map(warningText);

beforeAll(async () => {
  world = await seedWorld();
  other = await seedWorld();
  const billing = await createBot(ana(), {
    workspaceId: world.workspace.id,
    handle: `billing-${tag()}`,
    name: "Billing",
  });
  expect(billing.nameWarnings).toEqual([]);
  billingId = billing.bot.id;
});

const audited = async (botId: string, action: string) =>
  (await db().auditEvent.findFirstOrThrow({ where: { subjectId: botId, action }, orderBy: { createdAt: "desc" } }))
    .data as Record<string, unknown>;

describe("a bot's name, judged at registration", () => {
  it("a Cyrillic В copying another bot's name is registered, told both warnings, and audited with them", async () => {
    const created = await createBot(ana(), {
      workspaceId: world.workspace.id,
      handle: `vbilling-${tag()}`,
      name: "\u0412illing",
    });
    const expected = [
      "This name mixes Cyrillic and Latin letters",
      `This name looks like the bot “Billing” (@billing-${tag()})`,
    ];
    expect(texts(created.nameWarnings)).toEqual(expected);
    expect(await db().bot.findUnique({ where: { id: created.bot.id } })).toMatchObject({ name: "\u0412illing" });
    expect(await audited(created.bot.id, "bot.created")).toMatchObject({ name_warnings: expected });
  });

  it("names in one non-Latin script raise nothing: Cyrillic, Japanese, Arabic", async () => {
    for (const [handle, name] of [
      ["podderzhka", "Поддержка"],
      ["support-jp", "サポートボット"],
      ["support-ar", "دعم العملاء"],
    ] as const) {
      const created = await createBot(ana(), { workspaceId: world.workspace.id, handle: `${handle}-${tag()}`, name });
      expect(created.nameWarnings, name).toEqual([]);
      expect(await audited(created.bot.id, "bot.created")).not.toHaveProperty("name_warnings");
    }
  });

  it("a handle that spells another bot's name is pointed out", async () => {
    const created = await createBot(ana(), {
      workspaceId: world.workspace.id,
      handle: `bi11ing-${tag()}`,
      name: "Accounts",
    });
    expect(texts(created.nameWarnings)).toEqual([
      `The handle @bi11ing-${tag()} looks like the bot “Billing” (@billing-${tag()})`,
    ]);
  });

  it("a bot of another workspace is not compared", async () => {
    const created = await createBot(person(other.people[0]!.id, "web"), {
      workspaceId: other.workspace.id,
      handle: `billing-${other.workspace.slug.slice(-8)}`,
      name: "Billing",
    });
    expect(created.nameWarnings).toEqual([]);
  });

  it("the first bot is warned about too once a look-alike exists: worked out where shown", async () => {
    const bot = await getManagedBot(ana(), { botId: billingId });
    expect(texts(bot.name_warnings)).toEqual([
      `This name looks like the bot “\u0412illing” (@vbilling-${tag()})`,
      `The handle @billing-${tag()} looks like the bot “Accounts” (@bi11ing-${tag()})`,
    ]);
    const listed = (await listManagedBots(ana()))
      .find((w) => w.id === world.workspace.id)!
      .bots.find((b) => b.id === billingId)!;
    expect(listed.name_warnings).toEqual(bot.name_warnings);
  });

  it("a rename is judged as a registration is, and audited with its warnings", async () => {
    const helper = world.bots[0]!;
    const updated = await updateBot(ana(), { botId: helper.id, name: "BILLING" });
    const expected = [`This name looks like the bot “Billing” (@billing-${tag()})`];
    expect(updated.name_warnings).toEqual(expect.arrayContaining(expected));
    expect(await audited(helper.id, "bot.updated")).toMatchObject({ name_warnings: updated.name_warnings });
    expect((await updateBot(ana(), { botId: helper.id, webhookUrl: null })).name_warnings).toEqual([]);
  });

  it("the CLI's bot create prints the warnings, its hidden characters escaped for the terminal", async () => {
    const { code, stdout } = await cli(
      "bot",
      "create",
      "--workspace",
      world.workspace.slug,
      "--handle",
      `zw-${tag()}`,
      "--name",
      "Bil\u200bling \u202eevil",
      "--as",
      world.people[0]!.email,
    );
    expect(code).toBe(0);
    expect(stdout).not.toMatch(/[\u200b\u202e]/);
    expect(stdout).toContain('"name": "Bil\\u200bling \\u202eevil"');
    const printed = JSON.parse(stdout) as { name: string; name_warnings: string[] };
    expect(printed.name).toBe("Bil\u200bling \u202eevil");
    expect(printed.name_warnings).toEqual([
      "This name holds hidden characters: Zero width space (U+200B) and Right-to-left override (U+202E)",
    ]);
  });
});
