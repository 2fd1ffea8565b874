import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { person, systemActor } from "@/lib/people/actor";
import { setBotStatus } from "@/lib/bots/set-bot-status";
import { setContactRouting } from "@/lib/contacts/set-contact-routing";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { forgetCompiledRuleSet } from "@/lib/policy/rule-sets/compiled-rule-set";
import { localTime } from "@/lib/policy/custom/zoned-time";
import { approveDraft } from "@/lib/drafts/approve-draft";
import { addFinanceGroup } from "@/test/finance-group";
import { api, idem } from "./client";

// The workspace's custom rules at a bot's send (issue 33; docs/decisions/034-policy-rules.md): every example sentence
// of the issue written as rules, through POST /conversations/{id}/messages. The built-in floor is judged first and
// never lifted; a custom rule's reason `rule:<slug>` reaches the bot in the 202/403/429 body; the version in force is
// recorded on the message, the held item and the refused attempt.

let world: SeededWorld;
let helper: SeededWorld["bots"][number]; // established: the built-in rules send its plain messages
let scheduler: SeededWorld["bots"][number]; // new: held by new_bot
let order: string; // helper + scheduler, contact Carla
let renewal: string; // helper only, contact Dev
const ana = () => person(world.people[0]!.id, "web"); // admin

const send = (key: string, conversationId: string, body: unknown) =>
  api("POST", `/conversations/${conversationId}/messages`, { key, body, idempotencyKey: idem() });

async function saveRules(rules: unknown[]) {
  const saved = await saveRuleSet(ana(), { workspaceId: world.workspace.id, rules: { rules }, reason: "test" });
  forgetCompiledRuleSet(world.workspace.id);
  return saved.version;
}

beforeEach(async () => {
  world = await seedWorld();
  [helper, scheduler] = world.bots as [typeof helper, typeof scheduler];
  order = world.conversations[0]!.id;
  renewal = world.conversations[1]!.id;
  await addFinanceGroup(world);
});

describe("the issue's sentences, at the send", () => {
  it("“The billing bot's messages that mention an amount over 500 need two people from Finance”, escalated to the admins after an hour", async () => {
    const version = await saveRules([
      {
        slug: "billing-over-500",
        match: { bots: [helper.handle], content: [{ kind: "money", over: 500 }] },
        outcome: { hold: { group: "finance", approvals: 2, escalate: { afterMinutes: 60, group: "role:admin" } } },
      },
    ]);
    const held = await send(helper.api_key, renewal, { body: "Your renewal comes to €1.250,00 this year." });
    expect(held.status).toBe(202);
    // The built-in money rule holds it too; the custom rule's reason follows, and its route decides who approves.
    expect(held.body.data.reasons).toEqual(["sensitive_money", "rule:billing-over-500"]);
    expect(await db().draft.findUniqueOrThrow({ where: { id: held.body.data.approval_id } })).toMatchObject({
      ruleSetVersion: version,
      ruleSlug: "billing-over-500",
      approverGroup: "finance",
      approvalsRequired: 2,
      escalateAfterMinutes: 60,
      escalationGroup: "role:admin",
    });

    // 500 exactly is not over 500: the built-in hold alone, routed as before (one person who may see it).
    const small = await send(helper.api_key, renewal, { body: "That is $500 in total." });
    expect(small.status).toBe(202);
    expect(small.body.data.reasons).toEqual(["sensitive_money"]);
    expect(await db().draft.findUniqueOrThrow({ where: { id: small.body.data.approval_id } })).toMatchObject({
      ruleSetVersion: version,
      ruleSlug: null,
      approverGroup: null,
      approvalsRequired: 1,
    });
  });

  it("“No bot sends links outside our own domains”: 403 naming the rule in its words; our own domains are sent", async () => {
    const version = await saveRules([
      {
        slug: "own-domains",
        match: { content: [{ kind: "links", allowDomains: ["example.com"] }] },
        outcome: { block: { reason: "Links outside our own domains are not allowed" } },
      },
    ]);
    const blocked = await send(helper.api_key, renewal, { body: "Read more at https://evil.example.net/offer today" });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toMatchObject({ code: "policy_blocked", reasons: ["rule:own-domains"] });
    expect(blocked.body.error.message).toBe(
      "Not delivered: Links outside our own domains are not allowed (rule:own-domains)",
    );
    const record = await db().policyDecision.findFirstOrThrow({
      where: { workspaceId: world.workspace.id, reasons: { has: "rule:own-domains" } },
    });
    // The attempt's whole text is kept for the dry run, with the version that decided it.
    expect(record).toMatchObject({
      outcome: "blocked",
      body: "Read more at https://evil.example.net/offer today",
      ruleSetVersion: version,
    });

    const sent = await send(helper.api_key, renewal, { body: "Your renewal is at https://docs.example.com/renew" });
    expect(sent.status).toBe(201);
    expect(await db().message.findUniqueOrThrow({ where: { id: sent.body.data.id } })).toMatchObject({
      ruleSetVersion: version,
    });
  });

  it("“Messages to contacts marked VIP are always held”", async () => {
    await saveRules([
      { slug: "vip", match: { contactLabels: ["VIP"] }, outcome: { hold: { group: "role:admin", approvals: 1 } } },
    ]);
    const before = await send(helper.api_key, renewal, { body: "Your renewal is ready to review." });
    expect(before.status).toBe(201);
    await setContactRouting(ana(), { contactId: world.conversations[1]!.contact_id, labels: ["vip"] });
    const held = await send(helper.api_key, renewal, { body: "Your renewal is ready to review." });
    expect(held.status).toBe(202);
    expect(held.body.data.reasons).toEqual(["rule:vip"]);
  });

  it("“Nothing goes to a contact between 21:00 and 08:00 in their time zone; send it in the morning instead”", async () => {
    await saveRules([
      {
        slug: "quiet-hours",
        match: { window: { start: "21:00", end: "08:00", timeZone: "contact" } },
        outcome: { defer: { until: "window-end" } },
      },
    ]);
    // A zone where it is night now, and one where it is midday: the contact's decides, not the server's.
    const night = zoneAtHour(23);
    const day = zoneAtHour(12);
    const contactId = world.conversations[1]!.contact_id;
    await setContactRouting(ana(), { contactId, timeZone: day });
    expect((await send(helper.api_key, renewal, { body: "Good afternoon!" })).status).toBe(201);

    await setContactRouting(ana(), { contactId, timeZone: night });
    const asked = Date.now();
    const deferred = await send(helper.api_key, renewal, { body: "Good morning!" });
    expect(deferred.status).toBe(429);
    expect(deferred.body.error).toMatchObject({ code: "deferred", reasons: ["rule:quiet-hours"] });
    // Retry-After: until 08:00 on the contact's clock, the next morning.
    const expected = secondsUntilLocal({ zone: night, hour: 8, from: asked });
    const retryAfter = Number(deferred.headers.get("retry-after"));
    expect(retryAfter).toBe(deferred.body.error.retry_after);
    expect(Math.abs(retryAfter - expected)).toBeLessThanOrEqual(3);
    expect(retryAfter).toBeGreaterThan(8 * 3600);

    // A contact without a zone reads the workspace's.
    await setContactRouting(ana(), { contactId, timeZone: null });
    await updatePolicySettings(systemActor, { workspaceId: world.workspace.id, changes: { timeZone: day } });
    expect((await send(helper.api_key, renewal, { body: "Good afternoon again!" })).status).toBe(201);
    await updatePolicySettings(systemActor, { workspaceId: world.workspace.id, changes: { timeZone: night } });
    expect((await send(helper.api_key, renewal, { body: "Good night?" })).status).toBe(429);
  });
});

describe("what a person approved", () => {
  it("waits for quiet hours too: the approval is refused with the wait, and the item stays as it was", async () => {
    const vip = { slug: "vip", match: { contactLabels: ["vip"] }, outcome: { hold: { group: "role:admin", approvals: 1 } } };
    await saveRules([vip]);
    const contactId = world.conversations[1]!.contact_id;
    await setContactRouting(ana(), { contactId, labels: ["vip"], timeZone: zoneAtHour(23) });
    const held = await send(helper.api_key, renewal, { body: "Your renewal is ready." });
    expect(held.status).toBe(202);
    await saveRules([
      {
        slug: "quiet-hours",
        match: { window: { start: "21:00", end: "08:00", timeZone: "contact" } },
        outcome: { defer: { until: "window-end" } },
      },
      vip,
    ]);
    await expect(approveDraft(ana(), { draftId: held.body.data.approval_id })).rejects.toMatchObject({
      code: "deferred",
      extras: { reasons: ["rule:quiet-hours"] },
    });
    expect(await db().draft.findUniqueOrThrow({ where: { id: held.body.data.approval_id } })).toMatchObject({
      status: "pending",
    });
    expect(await db().draftApproval.count({ where: { draftId: held.body.data.approval_id } })).toBe(0);
    // In the contact's day the approval goes through.
    await setContactRouting(ana(), { contactId, timeZone: zoneAtHour(12) });
    expect((await approveDraft(ana(), { draftId: held.body.data.approval_id })).message).not.toBeNull();
  });
});

describe("the floor", () => {
  it("is never lifted: an allow-everything rule leaves a new bot held and a stopped bot blocked", async () => {
    await saveRules([{ slug: "everything", match: {}, outcome: { allow: true } }]);
    const held = await send(scheduler.api_key, order, { body: "Does Tuesday at 10 work?" });
    expect(held.status).toBe(202);
    expect(held.body.data.reasons).toEqual(["new_bot"]);
    await setBotStatus(systemActor, { botId: helper.id, status: "stopped" });
    const blocked = await send(helper.api_key, renewal, { body: "Hello" });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.reasons).toEqual(["bot_stopped"]);
  });

  it("an allow above a broader rule is the exception: first match wins", async () => {
    await saveRules([
      { slug: "renewals-ok", match: { bots: [helper.id], contactLabels: ["renewal"] }, outcome: { allow: true } },
      { slug: "hold-all", match: {}, outcome: { hold: { group: "role:member", approvals: 1 } } },
    ]);
    expect((await send(helper.api_key, renewal, { body: "Plain words." })).body.data.reasons).toEqual(["rule:hold-all"]);
    await setContactRouting(ana(), { contactId: world.conversations[1]!.contact_id, labels: ["Renewal"] });
    expect((await send(helper.api_key, renewal, { body: "Plain words." })).status).toBe(201);
  });
});

describe("POST /conversations/{id}/messages/check", () => {
  const check = (key: string, conversationId: string, body: unknown) =>
    api("POST", `/conversations/${conversationId}/messages/check`, { key, body });

  it("answers what the send then answers, for every verdict, writing nothing", async () => {
    const version = await saveRules([
      {
        slug: "own-domains",
        match: { content: [{ kind: "links", allowDomains: ["example.com"] }] },
        outcome: { block: { reason: "Links outside our own domains are not allowed" } },
      },
      {
        slug: "billing-over-500",
        match: { content: [{ kind: "money", over: 500 }] },
        outcome: { hold: { group: "finance", approvals: 2 } },
      },
    ]);
    const cases = [
      { key: helper.api_key, conversation: renewal, body: { body: "All set for next month." } },
      { key: helper.api_key, conversation: renewal, body: { body: "That comes to $900." } },
      { key: helper.api_key, conversation: renewal, body: { body: "See https://evil.example.net" } },
      { key: scheduler.api_key, conversation: order, body: { body: "Tuesday?" } },
    ];
    const seen: string[] = [];
    for (const { key, conversation, body } of cases) {
      const messages = await db().message.count({ where: { conversationId: conversation } });
      const drafts = await db().draft.count({ where: { conversationId: conversation } });
      const decisions = await db().policyDecision.count({ where: { conversationId: conversation } });
      const checked = await check(key, conversation, body);
      expect(checked.status).toBe(200);
      expect(checked.headers.get("idempotent-replayed")).toBeNull();
      // Nothing written by the check.
      expect(await db().message.count({ where: { conversationId: conversation } })).toBe(messages);
      expect(await db().draft.count({ where: { conversationId: conversation } })).toBe(drafts);
      expect(await db().policyDecision.count({ where: { conversationId: conversation } })).toBe(decisions);

      const sent = await send(key, conversation, body);
      const verdict = checked.body.data;
      expect(verdict.status).toBe(sent.status);
      expect(verdict.rule_set_version).toBe(version);
      if (sent.status < 300) {
        expect(verdict.outcome).toBe(sent.body.data.status);
        expect(verdict.reasons).toEqual(sent.body.data.reasons ?? []);
        expect(verdict.message).toBeNull();
      } else {
        expect(verdict.outcome).toBe(sent.body.error.code);
        expect(verdict.reasons).toEqual(sent.body.error.reasons);
        expect(verdict.message).toBe(sent.body.error.message);
      }
      seen.push(`${verdict.outcome} ${verdict.reasons.join(",")}`);
    }
    expect(seen).toEqual([
      "sent ",
      "pending_approval sensitive_money,rule:billing-over-500",
      "policy_blocked rule:own-domains",
      "pending_approval new_bot",
    ]);
    const held = await check(helper.api_key, renewal, { body: "That comes to $900." });
    expect(held.body.data.approval).toEqual({ rule: "billing-over-500", group: "finance", approvals: 2 });
  });

  it("counts against no message limit: at the daily limit's edge, checks leave the last slot to the send", async () => {
    await updatePolicySettings(systemActor, { workspaceId: world.workspace.id, changes: { dailyLimit: 1 } });
    for (let i = 0; i < 3; i++) {
      const checked = await check(helper.api_key, renewal, { body: "Still on for Friday." });
      expect(checked.body.data).toMatchObject({ outcome: "sent", status: 201 });
    }
    expect((await send(helper.api_key, renewal, { body: "Still on for Friday." })).status).toBe(201);
    const after = await check(helper.api_key, renewal, { body: "And Saturday?" });
    expect(after.body.data).toMatchObject({ outcome: "deferred", status: 429, reasons: ["rate_limit_day"] });
    expect(after.body.data.retry_after).toBeGreaterThan(86_000);
  });

  it("refuses like the send: 404 for no such conversation, 403 for another bot's, 422 for a bad body", async () => {
    expect((await check(helper.api_key, "00000000-0000-4000-8000-000000000000", { body: "x" })).status).toBe(404);
    expect((await check(helper.api_key, world.conversations[2]!.id, { body: "x" })).status).toBe(403);
    const bad = await check(helper.api_key, renewal, { body: "x", extra: true });
    expect(bad.status).toBe(422);
  });
});

/** An `Etc/GMT±n` zone whose wall clock now reads `hour` (give or take the minutes). */
function zoneAtHour(hour: number): string {
  for (let offset = -12; offset <= 14; offset++) {
    const zone = offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
    if (Math.floor(localTime(new Date(), { timeZone: zone }).minute / 60) === hour) return zone;
  }
  throw new Error(`no zone at ${hour}:00`);
}

/** Seconds from `from` until the next `hour`:00 on `zone`'s wall clock. */
function secondsUntilLocal({ zone, hour, from }: { zone: string; hour: number; from: number }): number {
  const { minute, second } = localTime(new Date(from), { timeZone: zone });
  const minutesLeft = (hour * 60 - minute + 24 * 60) % (24 * 60);
  return Math.ceil(minutesLeft * 60 - second - (from % 1000) / 1000);
}
