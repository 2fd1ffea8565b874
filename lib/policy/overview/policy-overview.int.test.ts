import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { person } from "@/lib/people/actor";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { sendMessage } from "@/lib/messages/send-message";
import { dryRun } from "@/lib/policy/dry-run/dry-run";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { ANYONE, BUILT_IN } from "./names";
import { policyOverview } from "./policy-overview";

// The admin overview (issue 33 item 8): verdicts per day per bot counted as the dry run counts them, what waits now
// and for how long, and the time people took to decide per approver group and per rule; admins only.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member
const RULES = {
  rules: [
    {
      slug: "own-domains",
      match: { content: [{ kind: "links", allowDomains: ["example.com"] }] },
      outcome: { block: { reason: "Links outside our own domains" } },
    },
    { slug: "big-money", match: { content: [{ kind: "money", over: 500 }] }, outcome: { hold: { group: "role:admin", approvals: 1 } } },
  ],
};
const HOUR = 3_600_000;

/** Moves a draft's creation into the past, as if it had waited that long. */
const backdate = (draftId: string, ms: number) =>
  db().draft.update({ where: { id: draftId }, data: { createdAt: new Date(Date.now() - ms) } });

beforeAll(async () => {
  world = await seedWorld();
  await saveRuleSet(ana(), { workspaceId: world.workspace.id, rules: RULES, reason: "links and money" });
  const [helper, scheduler] = [(await authenticateBot(world.bots[0]!.api_key))!, (await authenticateBot(world.bots[1]!.api_key))!];
  const send = (bot: typeof helper, { to, body }: { to: string; body: string }) =>
    sendMessage(bot, { conversationId: to, input: { body, blocks: undefined } }).catch((error: unknown) => error);
  const [order, renewal, visit] = world.conversations.map((c) => c.id) as [string, string, string];
  for (const body of ["Ready when you are.", "See you Monday.", "Thanks!"]) await send(helper, { to: renewal, body });
  await send(helper, { to: renewal, body: "Your renewal is $900." }); // held by big-money, for the admins
  await send(helper, { to: order, body: "Track it at https://evil.example.net/x" }); // blocked by own-domains
  await send(scheduler, { to: visit, body: "Tuesday at 10?" }); // held: a new bot
  await send(scheduler, { to: visit, body: "Or Wednesday?" }); // held: a new bot

  const drafts = await db().draft.findMany({ where: { botId: { in: world.bots.map((b) => b.id) } }, orderBy: { createdAt: "asc" } });
  const [money, tuesday, wednesday] = drafts as [(typeof drafts)[number], (typeof drafts)[number], (typeof drafts)[number]];
  expect(money.ruleSlug).toBe("big-money");
  await backdate(money.id, 2 * HOUR);
  await approveDraft(ana(), { draftId: money.id });
  await backdate(tuesday.id, HOUR / 2);
  await rejectDraft(ben(), { draftId: tuesday.id });
  await backdate(wednesday.id, 5 * HOUR);
});

describe("policyOverview", () => {
  it("counts each bot's verdicts per day as the dry run counts the rules in force", async () => {
    const overview = await policyOverview(ana(), { workspaceId: world.workspace.id });
    expect(overview.perDay).toHaveLength(15); // 14 days' span touches 15 calendar days
    const [helper, scheduler] = world.bots.map((bot) => overview.perBot.find((b) => b.botId === bot.id)!);
    expect(helper!.total).toEqual({ sent: 3, held: 1, deferred: 0, blocked: 1, refused: 0 });
    expect(scheduler!.total).toEqual({ sent: 0, held: 2, deferred: 0, blocked: 0, refused: 0 });
    expect(helper!.perDay.map((d) => d.day)).toEqual(overview.perDay.map((d) => d.day));
    const allDays = overview.perDay.reduce((n, day) => n + day.counts.held, 0);
    expect(allDays).toBe(3);
    const inForce = await dryRun(ana(), { workspaceId: world.workspace.id, rules: RULES });
    expect(inForce.before).toEqual({ sent: 3, held: 3, deferred: 0, blocked: 1, refused: 0 });
  });

  it("shows what waits now with its age, and the time to decision per approver group and per rule", async () => {
    const overview = await policyOverview(ana(), { workspaceId: world.workspace.id });
    expect(overview.waiting.total).toBe(1);
    expect(overview.waiting.oldestSeconds).toBeGreaterThanOrEqual(5 * 3600);
    expect(overview.waiting.oldestSeconds).toBeLessThan(5 * 3600 + 120);
    expect(overview.waiting.byAge.find((band) => band.count > 0)).toEqual({ label: "4 to 24 hours", count: 1 });
    expect(overview.waiting.byGroup).toEqual([{ group: ANYONE, count: 1, oldestSeconds: overview.waiting.oldestSeconds }]);

    const near = (seconds: number) => expect.toSatisfy((n: number) => n >= seconds && n < seconds + 120);
    expect(overview.decisionTimes.byGroup).toEqual([
      { name: ANYONE, decided: 1, p50Seconds: near(1800), p90Seconds: near(1800) },
      { name: "role:admin", decided: 1, p50Seconds: near(7200), p90Seconds: near(7200) },
    ]);
    expect(overview.decisionTimes.byRule).toEqual([
      { name: BUILT_IN, decided: 1, p50Seconds: near(1800), p90Seconds: near(1800) },
      { name: "big-money", decided: 1, p50Seconds: near(7200), p90Seconds: near(7200) },
    ]);
  });

  it("is the admins' alone, over 1 to 90 days", async () => {
    await expect(policyOverview(ben(), { workspaceId: world.workspace.id })).rejects.toMatchObject({ code: "forbidden" });
    for (const days of [0, 91, 1.5])
      await expect(policyOverview(ana(), { workspaceId: world.workspace.id, days })).rejects.toMatchObject({
        code: "invalid_body",
      });
    const today = await policyOverview(ana(), { workspaceId: world.workspace.id, days: 1 });
    expect(today.perDay.length).toBeLessThanOrEqual(2);
    // Days on the workspace's clock, from its settings.
    await updatePolicySettings(ana(), { workspaceId: world.workspace.id, changes: { timeZone: "Asia/Tokyo" } });
    const tokyo = await policyOverview(ana(), { workspaceId: world.workspace.id, days: 1 });
    expect(tokyo.timeZone).toBe("Asia/Tokyo");
    expect(tokyo.perDay.at(-1)!.day).toBe(new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10));
  });
});
