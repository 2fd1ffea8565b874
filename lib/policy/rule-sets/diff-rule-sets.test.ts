import { describe, expect, it } from "vitest";
import type { Rule, RuleSet } from "@/lib/policy/custom/rule-set";
import { diffRuleSets } from "./diff-rule-sets";

// The history's diff (issue 33 item 4): rules told apart by slug, added, removed, changed (with the fields that
// differ) and moved (only those that left the order the two versions share).

const rule = (slug: string, extra: Partial<Rule> = {}): Rule => ({
  slug,
  match: {},
  outcome: { allow: true },
  ...extra,
});
const set = (...rules: Rule[]): RuleSet => ({ rules });

describe("diffRuleSets", () => {
  it("finds nothing between a set and itself, whatever the order of keys (as jsonb gives them back)", () => {
    const hold = rule("vip", {
      match: { contactLabels: ["vip"], content: [{ kind: "money", over: 500, currency: "EUR" }] },
      outcome: { hold: { group: "finance", approvals: 2 } },
    });
    const reordered = JSON.parse(
      '{"outcome":{"hold":{"approvals":2,"group":"finance"}},"match":{"content":[{"currency":"EUR","over":500,"kind":"money"}],"contactLabels":["vip"]},"slug":"vip"}',
    ) as Rule;
    expect(diffRuleSets({ before: set(hold, rule("a")), after: set(reordered, rule("a")) })).toEqual({
      added: [],
      removed: [],
      changed: [],
      moved: [],
    });
  });

  it("names rules added and removed with their places, and the first version as all added", () => {
    expect(diffRuleSets({ before: set(), after: set(rule("a"), rule("b")) })).toMatchObject({
      added: [
        { slug: "a", index: 0 },
        { slug: "b", index: 1 },
      ],
      removed: [],
    });
    expect(
      diffRuleSets({ before: set(rule("a"), rule("b"), rule("c")), after: set(rule("new"), rule("a"), rule("c")) }),
    ).toEqual({
      added: [{ slug: "new", index: 0 }],
      removed: [{ slug: "b", index: 1 }],
      changed: [],
      // Adding a rule at the top shifts every index but moves nothing: the shared rules kept their order.
      moved: [],
    });
  });

  it("lists the fields of a changed rule as paths", () => {
    const before = rule("money", {
      description: "over 500",
      match: { bots: ["billing"], content: [{ kind: "money", over: 500 }] },
      outcome: { hold: { group: "finance", approvals: 1 } },
    });
    const after = rule("money", {
      match: { bots: ["billing"], content: [{ kind: "money", over: 1000 }] },
      outcome: { hold: { group: "finance", approvals: 2, escalate: { afterMinutes: 60, group: "role:admin" } } },
    });
    expect(diffRuleSets({ before: set(before), after: set(after) }).changed).toEqual([
      {
        slug: "money",
        index: 0,
        fields: ["description", "match.content", "outcome.hold.approvals", "outcome.hold.escalate"],
      },
    ]);
    const blocked = rule("money", { ...after, outcome: { block: { reason: "no" } } });
    expect(diffRuleSets({ before: set(after), after: set(blocked) }).changed[0]?.fields).toEqual([
      "outcome.block",
      "outcome.hold",
    ]);
  });

  it("moves only the rules that left the shared order: one dragged to the top is the one moved", () => {
    const before = set(rule("a"), rule("b"), rule("c"), rule("d"));
    expect(diffRuleSets({ before, after: set(rule("d"), rule("a"), rule("b"), rule("c")) }).moved).toEqual([
      { slug: "d", from: 3, to: 0 },
    ]);
    expect(diffRuleSets({ before, after: set(rule("b"), rule("a"), rule("c"), rule("d")) }).moved).toHaveLength(1);
    // A swap of the two ends moves both (the middle kept its order), and a change is still a change.
    const swapped = diffRuleSets({
      before,
      after: set(rule("d"), rule("b"), rule("c"), rule("a", { description: "x" })),
    });
    expect(swapped.moved).toHaveLength(2);
    expect(swapped.changed).toEqual([{ slug: "a", index: 3, fields: ["description"] }]);
  });
});
