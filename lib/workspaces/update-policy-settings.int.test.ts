import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person, systemActor } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { POLICY_BOUNDS, POLICY_DEFAULTS } from "@/lib/policy/defaults";
import { policySettingsFromForm } from "@/lib/schemas/workspaces";
import { readPolicySettings, updatePolicySettings } from "./update-policy-settings";

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

beforeAll(async () => {
  world = await seedWorld();
});

const settings = () => db().workspaceSettings.findUniqueOrThrow({ where: { workspaceId: world.workspace.id } });

describe("readPolicySettings", () => {
  it("answers the defaults for a new workspace (the database's column defaults are POLICY_DEFAULTS), to any member", async () => {
    const fresh = await seedWorld();
    const expected = {
      workspace_id: fresh.workspace.id,
      new_bot_threshold: POLICY_DEFAULTS.newBotThreshold,
      daily_limit: POLICY_DEFAULTS.dailyLimit,
      conversation_limit: null,
      conversation_window_seconds: POLICY_DEFAULTS.conversationWindowSeconds,
      approval_reminder_minutes: POLICY_DEFAULTS.approvalReminderMinutes,
      rate_per_second: POLICY_DEFAULTS.ratePerSecond,
      rate_burst: POLICY_DEFAULTS.rateBurst,
      time_zone: "UTC",
    };
    expect(await readPolicySettings(person(fresh.people[1]!.id, "web"), fresh.workspace.id)).toEqual(expected);
    // Without a settings row at all (workspaces made before settings existed), the same.
    await db().workspaceSettings.delete({ where: { workspaceId: fresh.workspace.id } });
    expect(await readPolicySettings(person(fresh.people[0]!.id, "web"), fresh.workspace.id)).toEqual(expected);
    await expect(readPolicySettings(ana(), fresh.workspace.id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("updatePolicySettings", () => {
  it("changes only the given settings; null turns the conversation limit off again; audited", async () => {
    expect(
      await updatePolicySettings(ana(), {
        workspaceId: world.workspace.id,
        changes: { dailyLimit: 500, conversationLimit: 5, conversationWindowSeconds: 60 },
      }),
    ).toEqual({
      workspace_id: world.workspace.id,
      new_bot_threshold: 50,
      daily_limit: 500,
      conversation_limit: 5,
      conversation_window_seconds: 60,
      approval_reminder_minutes: 60,
      rate_per_second: 10,
      rate_burst: 30,
      time_zone: "UTC",
    });
    await updatePolicySettings(systemActor, { workspaceId: world.workspace.id, changes: { newBotThreshold: 10 } });
    expect(await settings()).toMatchObject({ newBotThreshold: 10, dailyLimit: 500, conversationLimit: 5 });
    await updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { conversationLimit: null } });
    expect(await settings()).toMatchObject({ newBotThreshold: 10, dailyLimit: 500, conversationLimit: null, conversationWindowSeconds: 60 });
    expect(await db().auditEvent.count({ where: { subjectId: world.workspace.id, action: "workspace.policy_updated" } })).toBe(3);
  });

  it("sets the approval reminder time (minutes, 1 to a week), as the chat's form types it", async () => {
    expect(
      await updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { approvalReminderMinutes: 15 } }),
    ).toMatchObject({
      approval_reminder_minutes: 15,
    });
    expect((await settings()).approvalReminderMinutes).toBe(15);
    const typed = { newBotThreshold: "10", dailyLimit: "500", conversationLimit: "", conversationWindowSeconds: "60" };
    expect(
      await updatePolicySettings(ana(), {
        workspaceId: world.workspace.id,
        changes: policySettingsFromForm({ ...typed, approvalReminderMinutes: " 90 " }),
      }),
    ).toMatchObject({ approval_reminder_minutes: 90 });
    for (const bad of ["0", "", "1.5", String(POLICY_BOUNDS.approvalReminderMinutes + 1)]) {
      await expect(
        updatePolicySettings(ana(), {
          workspaceId: world.workspace.id,
          changes: policySettingsFromForm({ ...typed, approvalReminderMinutes: bad }),
        }),
      ).rejects.toMatchObject({ code: "invalid_body" });
    }
    expect((await settings()).approvalReminderMinutes).toBe(90);
    await updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { approvalReminderMinutes: 60 } });
  });

  it("sets the workspace's time zone (issue 33), an IANA zone or nothing changes", async () => {
    expect(
      await updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { timeZone: " Europe/Berlin " } }),
    ).toMatchObject({ time_zone: "Europe/Berlin" });
    for (const timeZone of ["Mars/Olympus", "", "+02:00"])
      await expect(
        updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { timeZone } }),
      ).rejects.toMatchObject({ code: "invalid_body", message: expect.stringContaining("timeZone: must be an IANA time zone") });
    expect((await settings()).timeZone).toBe("Europe/Berlin");
    // As the chat's form types it: absent, unchanged; typed, the zone; empty, refused (a workspace always has one).
    const typed = { newBotThreshold: "50", dailyLimit: "1000", conversationLimit: "", conversationWindowSeconds: "3600" };
    const change = (timeZone?: string) =>
      updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: policySettingsFromForm({ ...typed, timeZone }) });
    expect(await change()).toMatchObject({ time_zone: "Europe/Berlin" });
    expect(await change("America/New_York ")).toMatchObject({ time_zone: "America/New_York" });
    await expect(change("")).rejects.toMatchObject({ code: "invalid_body", message: expect.stringContaining("timeZone") });
    expect((await settings()).timeZone).toBe("America/New_York");
    await updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { timeZone: "UTC" } });
  });

  it("sets each bot's request rate and burst (issue 31), as the chat's form and the CLI type them", async () => {
    expect(
      await updatePolicySettings(ana(), {
        workspaceId: world.workspace.id,
        changes: { ratePerSecond: 25, rateBurst: 100 },
      }),
    ).toMatchObject({
      rate_per_second: 25,
      rate_burst: 100,
    });
    const typed = { newBotThreshold: "50", dailyLimit: "1000", conversationLimit: "", conversationWindowSeconds: "3600" };
    expect(
      await updatePolicySettings(ana(), {
        workspaceId: world.workspace.id,
        changes: policySettingsFromForm({ ...typed, ratePerSecond: " 5 ", rateBurst: "5" }),
      }),
    ).toMatchObject({ rate_per_second: 5, rate_burst: 5 });
    const before = await settings();
    for (const bad of [
      { ratePerSecond: "0" },
      { ratePerSecond: "" },
      { rateBurst: "2.5" },
      { rateBurst: "-3" },
      { ratePerSecond: String(POLICY_BOUNDS.ratePerSecond + 1) },
      { rateBurst: String(POLICY_BOUNDS.rateBurst + 1) },
    ]) {
      await expect(
        updatePolicySettings(ana(), {
          workspaceId: world.workspace.id,
          changes: policySettingsFromForm({ ...typed, ...bad }),
        }),
      ).rejects.toMatchObject({ code: "invalid_body" });
    }
    await expect(
      updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { ratePerSecond: 1001 } }),
    ).rejects.toThrow("Policy settings is invalid: ratePerSecond: The request rate must be at most 1,000");
    expect(await settings()).toEqual(before);
    // A member may not change them.
    await expect(
      updatePolicySettings(ben(), { workspaceId: world.workspace.id, changes: { ratePerSecond: 1000 } }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("refuses or keeps any typed rate, never anything else: kept values are whole numbers within bounds (fuzz)", async () => {
    const typed = fc.oneof(
      fc.integer({ min: -5, max: 20_000 }).map(String),
      fc.constantFrom("", " ", "1.5", "1e2", "0x10", "NaN", "Infinity", "-0", "٣", "10 ", "\u202e5", "9".repeat(30)),
      fc.string({ maxLength: 12 }),
    );
    const fields = { newBotThreshold: "50", dailyLimit: "1000", conversationLimit: "", conversationWindowSeconds: "3600" };
    await fc.assert(
      fc.asyncProperty(typed, typed, async (ratePerSecond, rateBurst) => {
        const before = await settings();
        try {
          const after = await updatePolicySettings(ana(), {
            workspaceId: world.workspace.id,
            changes: policySettingsFromForm({ ...fields, ratePerSecond, rateBurst }),
          });
          for (const [value, max] of [
            [after.rate_per_second, POLICY_BOUNDS.ratePerSecond],
            [after.rate_burst, POLICY_BOUNDS.rateBurst],
          ] as const) {
            expect(Number.isInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(1);
            expect(value).toBeLessThanOrEqual(max);
          }
        } catch (error) {
          expect(error).toMatchObject({ code: "invalid_body" });
          expect(await settings()).toEqual(before);
        }
      }),
      { numRuns: 60, seed: 31 },
    );
  });

  it("accepts only whole numbers of at least 1, and changes nothing otherwise", async () => {
    const before = await settings();
    for (const bad of [
      { dailyLimit: 0 },
      { dailyLimit: 2.5 },
      { newBotThreshold: -1 },
      { conversationLimit: 0 },
      { conversationWindowSeconds: 0 },
      { dailyLimit: null as unknown as number },
      { dailyLimit: POLICY_BOUNDS.dailyLimit + 1 },
      { newBotThreshold: 3_000_000_000 },
      { conversationWindowSeconds: POLICY_BOUNDS.conversationWindowSeconds + 1 },
      { dailyLimit: 10, retries: 3 } as { dailyLimit: number },
    ]) {
      await expect(
        updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: bad }),
      ).rejects.toMatchObject({ code: "invalid_body" });
    }
    await expect(
      updatePolicySettings(ana(), {
        workspaceId: world.workspace.id,
        changes: { dailyLimit: POLICY_BOUNDS.dailyLimit + 1 },
      }),
    ).rejects.toThrow("Policy settings is invalid: dailyLimit: The daily limit must be at most 1,000,000");
    expect(await settings()).toEqual(before);
  });

  it("takes the chat form's fields as typed: an empty per-conversation limit is off, an empty daily limit is refused", async () => {
    const typed = { newBotThreshold: " 20 ", dailyLimit: "300", conversationLimit: "", conversationWindowSeconds: "900" };
    expect(
      await updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: policySettingsFromForm(typed) }),
    ).toMatchObject({
      new_bot_threshold: 20,
      daily_limit: 300,
      conversation_limit: null,
      conversation_window_seconds: 900,
    });
    const before = await settings();
    for (const bad of [{ ...typed, dailyLimit: "" }, { ...typed, conversationLimit: "5x" }, { ...typed, newBotThreshold: "ten" }]) {
      await expect(
        updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: policySettingsFromForm(bad) }),
      ).rejects.toMatchObject({
        code: "invalid_body",
      });
    }
    expect(await settings()).toEqual(before);
  });

  it("refuses members who are not admins and people of other workspaces; not_found for unknown workspaces", async () => {
    const outsider = await seedWorld();
    await expect(
      updatePolicySettings(ben(), { workspaceId: world.workspace.id, changes: { dailyLimit: 5 } }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      updatePolicySettings(person(outsider.people[0]!.id, "web"), {
        workspaceId: world.workspace.id,
        changes: { dailyLimit: 5 },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      updatePolicySettings(ana(), { workspaceId: "00000000-0000-4000-8000-000000000000", changes: { dailyLimit: 5 } }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await settings()).dailyLimit).not.toBe(5);
  });
});
