import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { updatePolicySettings } from "./update-policy-settings";

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

beforeAll(async () => {
  world = await seedWorld();
});

const settings = () => db().workspaceSettings.findUniqueOrThrow({ where: { workspaceId: world.workspace.id } });

describe("updatePolicySettings", () => {
  it("changes only the given settings; null turns the conversation limit off again; audited", async () => {
    expect(await updatePolicySettings(ana(), world.workspace.id, { dailyLimit: 500, conversationLimit: 5, conversationWindowSeconds: 60 })).toEqual({
      workspace_id: world.workspace.id,
      new_bot_threshold: 50,
      daily_limit: 500,
      conversation_limit: 5,
      conversation_window_seconds: 60,
    });
    await updatePolicySettings(systemActor, world.workspace.id, { newBotThreshold: 10 });
    expect(await settings()).toMatchObject({ newBotThreshold: 10, dailyLimit: 500, conversationLimit: 5 });
    await updatePolicySettings(ana(), world.workspace.id, { conversationLimit: null });
    expect(await settings()).toMatchObject({ newBotThreshold: 10, dailyLimit: 500, conversationLimit: null, conversationWindowSeconds: 60 });
    expect(await db().auditEvent.count({ where: { subjectId: world.workspace.id, action: "workspace.policy_updated" } })).toBe(3);
  });

  it("accepts only whole numbers of at least 1, and changes nothing otherwise", async () => {
    const before = await settings();
    for (const bad of [{ dailyLimit: 0 }, { dailyLimit: 2.5 }, { newBotThreshold: -1 }, { conversationLimit: 0 }, { conversationWindowSeconds: 0 }, { dailyLimit: null as unknown as number }]) {
      await expect(updatePolicySettings(ana(), world.workspace.id, bad)).rejects.toMatchObject({ code: "invalid_body" });
    }
    expect(await settings()).toEqual(before);
  });

  it("refuses members who are not admins and people of other workspaces; not_found for unknown workspaces", async () => {
    const outsider = await seedWorld();
    await expect(updatePolicySettings(ben(), world.workspace.id, { dailyLimit: 5 })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updatePolicySettings(person(outsider.people[0]!.id, "web"), world.workspace.id, { dailyLimit: 5 })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updatePolicySettings(ana(), "00000000-0000-4000-8000-000000000000", { dailyLimit: 5 })).rejects.toMatchObject({ code: "not_found" });
    expect((await settings()).dailyLimit).not.toBe(5);
  });
});
