import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { person } from "@/lib/people/actor";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { sendMessage } from "@/lib/messages/send-message";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { dryRun } from "./dry-run";

// The dry run (issue 33 item 3): a proposed rule set replayed over the workspace's recent bot traffic, sent, held and
// refused alike, shows what changes per verdict, per bot, per day and per approver group, with the flips and the
// rule that flipped each; it writes nothing, refuses an invalid set as a save would, and is the admins' alone.

let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web"); // admin
const ben = () => person(world.people[1]!.id, "web"); // member

const OWN_DOMAINS = {
  slug: "own-domains",
  match: { content: [{ kind: "links", allowDomains: ["example.com"] }] },
  outcome: { block: { reason: "Links outside our own domains" } },
};
const BIG_MONEY = {
  slug: "big-money",
  match: { content: [{ kind: "money", over: 500 }] },
  outcome: { hold: { group: "role:admin", approvals: 1 } },
};
const HOLD_HELPER = { slug: "hold-helper", match: { bots: ["HELPER"] }, outcome: { hold: { group: "role:member", approvals: 1 } } };

beforeAll(async () => {
  world = await seedWorld();
  await saveRuleSet(ana(), { workspaceId: world.workspace.id, rules: { rules: [OWN_DOMAINS] }, reason: "links" });
  const helper = (await authenticateBot(world.bots[0]!.api_key))!;
  const renewal = world.conversations[1]!.id;
  const send = (body: string) =>
    sendMessage(helper, { conversationId: renewal, input: { body, blocks: undefined } }).catch((error: unknown) => error);
  for (const body of ["Ready when you are.", "See you Monday.", "Thanks!"]) await send(body); // sent
  await send("Your renewal is $900."); // held: sensitive_money
  await send("Details at https://evil.example.net/x"); // blocked by own-domains
  await send("Details at https://docs.example.com/x"); // sent
});

describe("dryRun", () => {
  it("replays sent, held and refused attempts through the proposed rules and counts what changes", async () => {
    const messagesBefore = await db().message.count();
    const result = await dryRun(ana(), {
      workspaceId: world.workspace.id,
      // Own-domains dropped; big money routed to the admins; then the helper held whatever else it says.
      rules: { rules: [BIG_MONEY, { ...HOLD_HELPER, match: { bots: [world.bots[0]!.handle.toUpperCase()] } }] },
    });
    expect(await db().message.count()).toBe(messagesBefore);
    expect(result.total).toBe(6);
    expect(result.before).toEqual({ sent: 4, held: 1, deferred: 0, blocked: 1, refused: 0 });
    // Everything the helper says is now held: the money one by big-money (first match), the rest by hold-helper.
    expect(result.after).toEqual({ sent: 0, held: 6, deferred: 0, blocked: 0, refused: 0 });
    expect(result.perBot).toEqual([
      expect.objectContaining({ botId: world.bots[0]!.id, handle: world.bots[0]!.handle, after: result.after }),
    ]);
    expect(result.perDay.reduce((n, day) => n + day.after.held, 0)).toBe(6);
    expect(result.perGroup.sort((a, b) => String(a.group).localeCompare(String(b.group)))).toEqual([
      { group: null, before: 1, after: 0 },
      { group: "role:admin", before: 0, after: 1 },
      { group: "role:member", before: 0, after: 5 },
    ]);
    expect(result.flips).toBe(5);
    const blocked = result.sample.find((flip) => flip.before.outcome === "blocked")!;
    // The attempt refused by the current rule, whose whole text was kept, flips by the proposed one.
    expect(blocked).toMatchObject({
      excerpt: "Details at https://evil.example.net/x",
      before: { outcome: "blocked", reasons: ["rule:own-domains"] },
      after: { outcome: "held", reasons: ["rule:hold-helper"] },
      rule: { slug: "hold-helper", side: "proposed" },
    });
  });

  it("names the current rule when a flip comes from dropping it", async () => {
    const result = await dryRun(ana(), { workspaceId: world.workspace.id, rules: { rules: [] } });
    expect(result.after).toEqual({ sent: 5, held: 1, deferred: 0, blocked: 0, refused: 0 });
    expect(result.sample).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ outcome: "blocked" }), rule: { slug: "own-domains", side: "current" } }),
    ]);
  });

  it("refuses an invalid set as a save would, a member, and a range past 90 days; nothing is saved", async () => {
    const versions = await db().policyRuleSetVersion.count({ where: { workspaceId: world.workspace.id } });
    await expect(
      dryRun(ana(), {
        workspaceId: world.workspace.id,
        rules: { rules: [{ slug: "x", match: { content: [{ kind: "pattern", pattern: "(" }] }, outcome: { allow: true } }] },
      }),
    ).rejects.toMatchObject({ code: "invalid_body", message: expect.stringContaining("The proposed rule set is invalid: rules[0] (x).match.content[0].pattern: is not a valid pattern") });
    await expect(dryRun(ben(), { workspaceId: world.workspace.id, rules: { rules: [] } })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      dryRun(ana(), { workspaceId: world.workspace.id, rules: { rules: [] }, from: new Date(Date.now() - 91 * 86_400_000) }),
    ).rejects.toMatchObject({ code: "invalid_body", message: "The range is at most 90 days" });
    expect(await db().policyRuleSetVersion.count({ where: { workspaceId: world.workspace.id } })).toBe(versions);
  });
});
