import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { issueText, validateRuleSet, type ApproverGroup } from "./validate-rule-set";

// The refusals of issue 33 item 7: a rule set with an unknown field, a malformed pattern, an empty approver group, an
// approval count larger than the group or a window that never opens is refused, naming the rule and the field.

const groups: ApproverGroup[] = [
  { name: "role:admin", size: 2 },
  { name: "finance", size: 3 },
  { name: "legal", size: 1 },
  { name: "night-shift", size: 0 },
];

const allow = { outcome: { allow: true } };

/** Every issue of `input` as a line, or "ok". */
function refusals(input: unknown): string[] | "ok" {
  const result = validateRuleSet(input, { groups });
  return result.ok ? "ok" : result.issues.map(issueText);
}

describe("validateRuleSet", () => {
  it("accepts the issue's example rules and returns them parsed", () => {
    const result = validateRuleSet(
      {
        rules: [
          {
            slug: "billing-over-500",
            description: "The billing bot's messages that mention an amount over 500 need two people from Finance.",
            match: { bots: ["billing"], content: [{ kind: "money", over: 500 }] },
            outcome: { hold: { group: "finance", approvals: 2, escalate: { afterMinutes: 60, group: "role:admin" } } },
          },
          {
            slug: "own-domains",
            match: { content: [{ kind: "links", allowDomains: ["*.Example.com", "example.org."] }] },
            outcome: { block: { reason: "Links outside our own domains" } },
          },
        ],
      },
      { groups },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Domains are normalized as they are read: lowercase, no wildcard, no trailing dot.
    expect(result.ruleSet.rules[1]?.match.content).toEqual([
      { kind: "links", allowDomains: ["example.com", "example.org"] },
    ]);
  });

  it("accepts the rule that decision 034 shows as the shape", () => {
    const record = readFileSync("docs/decisions/034-policy-rules.md", "utf8");
    const example = /```json\n([\s\S]*?)```/.exec(record)?.[1];
    expect(refusals({ rules: [JSON.parse(example ?? "null")] })).toBe("ok");
  });

  it("refuses an unknown field, at any depth, naming it", () => {
    expect(refusals({ rules: [{ slug: "vip-hold", match: { colour: "red" }, ...allow, priority: 1 }] })).toEqual([
      "rules[0] (vip-hold).match.colour: is not a known field",
      "rules[0] (vip-hold).priority: is not a known field",
    ]);
    expect(
      refusals({
        rules: [
          { slug: "x", match: {}, ...allow },
          { slug: "y", match: { content: [{ kind: "cards", luhn: false }] }, ...allow },
        ],
      }),
    ).toEqual(["rules[1] (y).match.content[0].luhn: is not a known field"]);
    expect(refusals({ rules: [], version: 2 })).toEqual(["version: is not a known field"]);
    expect(refusals({ rules: [{ slug: "x", ...allow }] })).toEqual([
      "rules[0] (x).match: is required: write {} to match every message",
    ]);
  });

  it("refuses a malformed pattern with RE2's reason, and says why lookaround is not there", () => {
    const withPattern = (pattern: string) => ({
      rules: [
        { slug: "ssn", match: { content: [{ kind: "pattern", pattern }] }, outcome: { block: { reason: "no" } } },
      ],
    });
    expect(refusals(withPattern("(\\d{3}-\\d{2}"))).toEqual([
      "rules[0] (ssn).match.content[0].pattern: is not a valid pattern: missing closing ): `(\\d{3}-\\d{2}`",
    ]);
    expect(refusals(withPattern("(?<!x)\\d{9}"))).toEqual([
      "rules[0] (ssn).match.content[0].pattern: is not a valid pattern: lookahead and lookbehind are not supported (patterns run in linear time)",
    ]);
    expect(refusals(withPattern("(a)\\1"))).toEqual([
      "rules[0] (ssn).match.content[0].pattern: is not a valid pattern: backreferences are not supported (patterns run in linear time)",
    ]);
    expect(refusals(withPattern("(a+)+$"))).toBe("ok");
  });

  it("refuses an empty approver group, an unknown one, and an escalation to either", () => {
    expect(
      refusals({ rules: [{ slug: "nightly", match: {}, outcome: { hold: { group: "night-shift", approvals: 1 } } }] }),
    ).toEqual(["rules[0] (nightly).outcome.hold.group: night-shift has nobody in it: nobody could approve"]);
    expect(
      refusals({
        rules: [
          {
            slug: "vip-hold",
            match: {},
            outcome: { hold: { group: "vips", approvals: 1, escalate: { afterMinutes: 60, group: "night-shift" } } },
          },
        ],
      }),
    ).toEqual([
      "rules[0] (vip-hold).outcome.hold.group: names no approver group of this workspace (vips)",
      "rules[0] (vip-hold).outcome.hold.escalate.group: night-shift has nobody in it: nobody could approve",
    ]);
  });

  it("refuses more approvals than the group has people", () => {
    expect(
      refusals({
        rules: [
          { slug: "a", ...allow, match: {} },
          { slug: "b", ...allow, match: {} },
          { slug: "vip-hold", match: { contactLabels: ["VIP"] }, outcome: { hold: { group: "legal", approvals: 2 } } },
        ],
      }),
    ).toEqual(["rules[2] (vip-hold).outcome.hold.approvals: must be at most the group's size (1 in legal)"]);
    expect(
      refusals({ rules: [{ slug: "z", match: {}, outcome: { hold: { group: "finance", approvals: 0 } } }] }),
    ).toEqual(["rules[0] (z).outcome.hold.approvals: must be at least 1"]);
  });

  it("refuses a window that never opens", () => {
    const quiet = (window: object) => ({
      rules: [{ slug: "quiet-hours", match: { window }, outcome: { defer: { until: "window-end" } } }],
    });
    expect(refusals(quiet({ start: "21:00", end: "21:00", timeZone: "contact" }))).toEqual([
      "rules[0] (quiet-hours).match.window.end: is the same as start: the window never opens",
    ]);
    expect(refusals(quiet({ days: [], start: "21:00", end: "08:00", timeZone: "contact" }))).toEqual([
      "rules[0] (quiet-hours).match.window.days: names no day: the window never opens",
    ]);
    expect(refusals(quiet({ start: "24:00", end: "08:00", timeZone: "workspace" }))).toEqual([
      "rules[0] (quiet-hours).match.window.start: must be before 24:00: the window never opens",
    ]);
    expect(refusals(quiet({ start: "21:00", end: "8:00", timeZone: "Mars/Olympus_Mons" }))).toEqual([
      "rules[0] (quiet-hours).match.window.end: must be a time HH:MM between 00:00 and 24:00",
      "rules[0] (quiet-hours).match.window.timeZone: must be contact, workspace or an IANA time zone such as Europe/Berlin",
    ]);
    expect(refusals(quiet({ start: "00:00", end: "24:00", timeZone: "Europe/Berlin" }))).toBe("ok");
  });

  it("refuses an outcome that is not exactly one, and a deferral with no window to wait for", () => {
    expect(refusals({ rules: [{ slug: "x", match: {}, outcome: { allow: true, block: { reason: "no" } } }] })).toEqual([
      "rules[0] (x).outcome: must be exactly one of hold, block, defer or allow (block, allow given)",
    ]);
    expect(refusals({ rules: [{ slug: "x", match: {}, outcome: { defer: { until: "window-end" } } }] })).toEqual([
      "rules[0] (x).outcome.defer: needs match.window: a deferral lasts until the window ends",
    ]);
  });

  it("refuses a bad or repeated slug and a bare domain that is only a suffix", () => {
    expect(refusals({ rules: [{ slug: "VIP Hold", match: {}, ...allow }] })).toEqual([
      "rules[0] (VIP Hold).slug: must be lowercase letters, digits and single dashes (e.g. vip-hold)",
    ]);
    expect(
      refusals({
        rules: [
          { slug: "a", match: {}, ...allow },
          { slug: "a", match: {}, ...allow },
        ],
      }),
    ).toEqual(["rules[1] (a).slug: is already the slug of rules[0]; slugs must be unique"]);
    expect(
      refusals({ rules: [{ slug: "l", match: { content: [{ kind: "links", denyDomains: ["co.uk"] }] }, ...allow }] }),
    ).toEqual(["rules[0] (l).match.content[0].denyDomains[0]: must be a domain name such as example.com"]);
  });

  it("lists every issue at once, so one import can be fixed in one go", () => {
    const result = validateRuleSet(
      {
        rules: [
          { slug: "one", match: { colour: 1 }, ...allow },
          { slug: "two", match: {}, outcome: { hold: { group: "legal", approvals: 3 } } },
        ],
      },
      { groups },
    );
    // Schema issues come first; the workspace's checks run once the shape is right.
    expect(result).toEqual({
      ok: false,
      issues: [{ rule: { index: 0, slug: "one" }, field: "match.colour", message: "is not a known field" }],
    });
  });
});
