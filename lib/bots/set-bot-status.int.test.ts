import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { setBotStatus } from "./set-bot-status";

let world: SeededWorld;
let outsider: SeededWorld;
let bot: string;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

beforeAll(async () => {
  world = await seedWorld();
  outsider = await seedWorld();
  bot = world.bots[0]!.id;
});

const row = () => db().bot.findUniqueOrThrow({ where: { id: bot } });

describe("setBotStatus", () => {
  it("an admin pauses with a reason, a repeat changes nothing, resuming clears the reason; each change audited", async () => {
    expect(await setBotStatus(ana(), { botId: bot, status: "paused", reason: "checking its answers" })).toMatchObject({
      status: "paused",
      status_reason: "checking its answers",
      changed: true,
    });
    const paused = await row();
    expect(paused).toMatchObject({
      status: "paused",
      statusReason: "checking its answers",
      statusChangedBy: world.people[0]!.id,
    });
    expect(await setBotStatus(ana(), { botId: bot, status: "paused", reason: "checking its answers" })).toMatchObject({
      changed: false,
    });
    expect((await row()).statusChangedAt).toEqual(paused.statusChangedAt);
    expect(await setBotStatus(ana(), { botId: bot, status: "active" })).toMatchObject({
      status: "active",
      status_reason: null,
      changed: true,
    });
    const audits = await db().auditEvent.findMany({
      where: { subjectId: bot, action: { in: ["bot.paused", "bot.active"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((a) => [a.action, a.actorId, a.via])).toEqual([
      ["bot.paused", world.people[0]!.id, "web"],
      ["bot.active", world.people[0]!.id, "web"],
    ]);
  });

  it("the operator (system) may stop a bot of any workspace", async () => {
    expect(
      await setBotStatus(systemActor, { botId: outsider.bots[1]!.id, status: "stopped", reason: "abuse report" }),
    ).toMatchObject({ status: "stopped" });
    expect(await db().bot.findUniqueOrThrow({ where: { id: outsider.bots[1]!.id } })).toMatchObject({
      status: "stopped",
      statusChangedBy: null,
    });
    expect(
      await db().auditEvent.findFirstOrThrow({ where: { subjectId: outsider.bots[1]!.id, action: "bot.stopped" } }),
    ).toMatchObject({ actorType: "system", via: "cli" });
  });

  it("refuses members who are not admins and people of other workspaces", async () => {
    await expect(setBotStatus(ben(), { botId: bot, status: "stopped" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      setBotStatus(person(outsider.people[0]!.id, "web"), { botId: bot, status: "stopped" }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await row()).status).toBe("active");
  });

  it("not_found for an unknown bot; invalid_body for an unknown status", async () => {
    await expect(
      setBotStatus(ana(), { botId: "00000000-0000-4000-8000-000000000000", status: "paused" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(setBotStatus(ana(), { botId: bot, status: "sleeping" as "paused" })).rejects.toMatchObject({
      code: "invalid_body",
    });
    expect((await row()).status).toBe("active");
  });
});
