import { describe, expect, it } from "vitest";
import { compileRuleSet } from "./compile";
import { evaluateRules, matchingRules } from "./evaluate-rules";
import type { RuleInput } from "./types";
import { validateRuleSet } from "./validate-rule-set";

// Every example sentence of issue 33 written as rules, and what each does to a message.

const groups = [
  { name: "role:admin", size: 2 },
  { name: "role:member", size: 8 },
  { name: "finance", size: 3 },
];

function compiled(rules: unknown[]) {
  const result = validateRuleSet({ rules }, { groups });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return compileRuleSet(result.ruleSet);
}

function message(overrides: Partial<RuleInput> = {}): RuleInput {
  return {
    bot: { id: "6f1c2a7e-0000-4000-8000-000000000001", handle: "support" },
    conversationLabels: [],
    contact: { labels: [], sensitivity: "normal", timeZone: null },
    workspaceTimeZone: "Europe/Berlin",
    texts: ["Hello!"],
    attachmentCount: 0,
    blockTypes: [],
    now: new Date("2026-06-10T10:00:00Z"),
    ...overrides,
  };
}

const billing = { id: "6f1c2a7e-0000-4000-8000-000000000002", handle: "billing" };

describe("issue 33's sentences as rules", () => {
  it("The billing bot's messages that mention an amount over 500 need two people from Finance; if nobody decides within an hour, tell the admins", () => {
    const rules = compiled([
      {
        slug: "billing-over-500",
        match: { bots: ["billing"], content: [{ kind: "money", over: 500 }] },
        outcome: { hold: { group: "finance", approvals: 2, escalate: { afterMinutes: 60, group: "role:admin" } } },
      },
    ]);
    expect(evaluateRules(rules, message({ bot: billing, texts: ["Your invoice of $1,200.50 is due."] }))).toEqual({
      outcome: "held",
      group: "finance",
      approvals: 2,
      escalate: { afterMinutes: 60, group: "role:admin" },
      stepUp: false,
      rule: { index: 0, slug: "billing-over-500", reason: "rule:billing-over-500" },
      findings: [{ kind: "money", text: "$1,200.50", detail: "1200.5 USD" }],
    });
    // The bot may be named by its id as well as its handle.
    const byId = compiled([{ slug: "b", match: { bots: [billing.id] }, outcome: { block: { reason: "no" } } }]);
    expect(evaluateRules(byId, message({ bot: billing }))?.outcome).toBe("blocked");
    // 500 is not over 500; another bot's amount is not the billing bot's; the amount may be in a block's text.
    expect(evaluateRules(rules, message({ bot: billing, texts: ["That is €500."] }))).toBeNull();
    expect(evaluateRules(rules, message({ texts: ["That is €5,000."] }))).toBeNull();
    expect(evaluateRules(rules, message({ bot: billing, texts: ["Pay now", "Amount: 1.500,00 €"] }))?.outcome).toBe(
      "held",
    );
  });

  it("No bot sends links outside our own domains", () => {
    const rules = compiled([
      {
        slug: "own-domains",
        match: { content: [{ kind: "links", allowDomains: ["relay.example", "relay-status.com"] }] },
        outcome: { block: { reason: "Links go only to our own domains." } },
      },
    ]);
    const verdict = evaluateRules(
      rules,
      message({ texts: ["Status: https://eu.relay-status.com/incidents, details at bit.ly/3xYz"] }),
    );
    expect(verdict).toMatchObject({
      outcome: "blocked",
      message: "Links go only to our own domains.",
      rule: { reason: "rule:own-domains" },
      findings: [{ kind: "links", text: "bit.ly/3xYz", detail: "bit.ly is not an allowed domain" }],
    });
    expect(evaluateRules(rules, message({ texts: ["See https://docs.relay.example/start"] }))).toBeNull();
    expect(evaluateRules(rules, message({ texts: ["No links at all."] }))).toBeNull();
  });

  it("Messages to contacts marked VIP are always held", () => {
    const rules = compiled([
      {
        slug: "vip-hold",
        match: { contactLabels: ["VIP"] },
        outcome: { hold: { group: "role:member", approvals: 1 } },
      },
    ]);
    const vip = message({ contact: { labels: ["vip", "emea"], sensitivity: "normal", timeZone: null } });
    expect(evaluateRules(rules, vip)).toMatchObject({
      outcome: "held",
      group: "role:member",
      approvals: 1,
      findings: [],
    });
    expect(evaluateRules(rules, message())).toBeNull();
    expect(evaluateRules(rules, message({ contact: null }))).toBeNull();
  });

  describe("Nothing goes to a contact between 21:00 and 08:00 in their time zone; send it in the morning instead", () => {
    const rules = compiled([
      {
        slug: "quiet-hours",
        match: { window: { start: "21:00", end: "08:00", timeZone: "contact" } },
        outcome: { defer: { until: "window-end" } },
      },
    ]);
    const inNewYork = (now: string) =>
      evaluateRules(
        rules,
        message({ now: new Date(now), contact: { labels: [], sensitivity: "normal", timeZone: "America/New_York" } }),
      );

    it("defers until 08:00 in the contact's zone, over a night an hour shorter when the clocks go forward", () => {
      // Saturday 7 March 2026, 22:00 EST. Clocks go forward at 02:00; 08:00 on Sunday is EDT, 12:00 UTC: 9 hours.
      expect(inNewYork("2026-03-08T03:00:00Z")).toMatchObject({
        outcome: "deferred",
        retryAt: new Date("2026-03-08T12:00:00Z"),
        retryAfterSeconds: 9 * 3600,
        rule: { reason: "rule:quiet-hours" },
      });
      // 07:30 EDT on the Sunday: half an hour to wait; 08:00 sharp and the afternoon go through.
      expect(inNewYork("2026-03-08T11:30:00Z")).toMatchObject({ retryAfterSeconds: 1800 });
      expect(inNewYork("2026-03-08T12:00:00Z")).toBeNull();
      expect(inNewYork("2026-03-08T18:00:00Z")).toBeNull();
    });

    it("uses the workspace's zone when the contact's is not known, over a night an hour longer", () => {
      // Saturday 24 October 2026, 22:00 CEST in Berlin. Clocks go back at 03:00; 08:00 CET is 07:00 UTC: 11 hours.
      expect(evaluateRules(rules, message({ now: new Date("2026-10-24T20:00:00Z") }))).toMatchObject({
        outcome: "deferred",
        retryAt: new Date("2026-10-25T07:00:00Z"),
        retryAfterSeconds: 11 * 3600,
      });
      expect(evaluateRules(rules, message({ now: new Date("2026-10-24T20:00:00Z"), contact: null }))).toMatchObject({
        retryAfterSeconds: 11 * 3600,
      });
      // A zone the runtime does not know is never a reason to send at night: the contact's falls back to the
      // workspace's, and the workspace's to UTC (22:00 UTC on 10 June waits 10 hours).
      const unknown = { labels: [], sensitivity: "normal" as const, timeZone: "Mars/Olympus_Mons" };
      expect(evaluateRules(rules, message({ now: new Date("2026-10-24T20:00:00Z"), contact: unknown }))).toMatchObject({
        retryAfterSeconds: 11 * 3600,
      });
      expect(
        evaluateRules(rules, message({ now: new Date("2026-06-10T22:00:00Z"), workspaceTimeZone: "Nowhere" })),
      ).toMatchObject({ retryAfterSeconds: 10 * 3600 });
    });

    it("counts a Retry-After in whole seconds, at least one", () => {
      // 07:59:59.500 EDT: half a second left, answered as 1.
      expect(inNewYork("2026-03-08T11:59:59.500Z")).toMatchObject({ retryAfterSeconds: 1 });
    });
  });
});

describe("order and the rest of the match", () => {
  it("first match wins: an allow above a broader rule is an exception to it", () => {
    const rules = compiled([
      { slug: "status-bot-ok", match: { bots: ["status"] }, outcome: { allow: true } },
      {
        slug: "vip-hold",
        match: { contactSensitivity: "high" },
        outcome: { hold: { group: "role:admin", approvals: 2 } },
      },
      { slug: "no-cards", match: { content: [{ kind: "cards" }] }, outcome: { block: { reason: "No card numbers." } } },
    ]);
    const sensitive = { labels: [], sensitivity: "high" as const, timeZone: null };
    const card = ["Your card 4111 1111 1111 1111 was charged."];
    expect(evaluateRules(rules, message({ bot: { id: "x", handle: "status" }, contact: sensitive }))).toMatchObject({
      outcome: "allowed",
      rule: { slug: "status-bot-ok" },
    });
    expect(evaluateRules(rules, message({ contact: sensitive, texts: card }))).toMatchObject({ outcome: "held" });
    expect(evaluateRules(rules, message({ texts: card }))).toMatchObject({
      outcome: "blocked",
      findings: [{ kind: "cards", text: "•••• 1111" }],
    });
    // The dry run can show what the first match shadows.
    expect(matchingRules(rules, message({ contact: sensitive, texts: card })).map((v) => v.rule.slug)).toEqual([
      "vip-hold",
      "no-cards",
    ]);
  });

  it("needs every part of a match, and any item of each list", () => {
    const rules = compiled([
      {
        slug: "legal-docs",
        match: {
          conversationLabels: ["legal", "contracts"],
          content: [
            { kind: "attachments" },
            { kind: "blocks", type: "form_card" },
            { kind: "pattern", pattern: "(?i)nda" },
          ],
        },
        outcome: { hold: { group: "role:admin", approvals: 1 } },
      },
    ]);
    const legal = { conversationLabels: ["Contracts"] };
    expect(evaluateRules(rules, message({ ...legal, attachmentCount: 2 }))?.findings).toEqual([
      { kind: "attachments", text: "2 attachment(s)", detail: "at least 1" },
    ]);
    expect(evaluateRules(rules, message({ ...legal, blockTypes: ["form_card"] }))?.findings).toEqual([
      { kind: "blocks", text: "form_card" },
    ]);
    expect(evaluateRules(rules, message({ ...legal, texts: ["Please sign the NDA"] }))?.findings).toEqual([
      { kind: "pattern", text: "NDA" },
    ]);
    expect(evaluateRules(rules, message({ ...legal }))).toBeNull();
    expect(evaluateRules(rules, message({ attachmentCount: 2 }))).toBeNull();
  });

  it("runs an admin's pathological pattern on a long message without stalling the send", () => {
    const rules = compiled([
      {
        slug: "catastrophic",
        match: { content: [{ kind: "pattern", pattern: "(a+)+$" }] },
        outcome: { block: { reason: "x" } },
      },
    ]);
    const started = performance.now();
    expect(evaluateRules(rules, message({ texts: [`${"a".repeat(4000)}!`, `${"a".repeat(4000)}!`] }))).toBeNull();
    expect(evaluateRules(rules, message({ texts: ["aaaa"] }))?.outcome).toBe("blocked");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("asks many patterns in one search and decides as each asked alone: groups, case flags and anchors kept", () => {
    const patternRules = [
      {
        slug: "invoice",
        match: { content: [{ kind: "pattern", pattern: "invoice \\d+" }] },
        outcome: { hold: { group: "finance", approvals: 1 } },
      },
      {
        slug: "project-x",
        match: { content: [{ kind: "pattern", pattern: "secret-plan|project x", caseInsensitive: true }] },
        outcome: { block: { reason: "Not a word of it" } },
      },
      { slug: "exact", match: { content: [{ kind: "pattern", pattern: "^exact$" }] }, outcome: { allow: true } },
    ];
    const together = compiled(patternRules);
    const alone = patternRules.map((rule) => compiled([rule]));
    const cases: [string[], string | null][] = [
      [["see Invoice 12"], null], // case-sensitive
      [["see invoice 12"], "rule:invoice"],
      [["about PROJECT X today"], "rule:project-x"], // the alternation stays inside its own group
      [["the Secret-Plan"], "rule:project-x"],
      [["hi", "exact"], "rule:exact"], // anchored to each text
      [["not exact here"], null],
      [["nothing here"], null],
    ];
    for (const [texts, reason] of cases) {
      const input = message({ texts });
      expect(evaluateRules(together, input)?.rule.reason ?? null, texts.join(" / ")).toBe(reason);
      const first = alone.map((rules) => evaluateRules(rules, message({ texts }))).find((verdict) => verdict !== null);
      expect(first?.rule.reason ?? null).toBe(reason);
    }
    const both = matchingRules(together, message({ texts: ["invoice 7 for project x"] }));
    expect(both.map((verdict) => verdict.rule.reason)).toEqual(["rule:invoice", "rule:project-x"]);
  });

  it("matches a window on its days, the day a night's window starts on", () => {
    const rules = compiled([
      {
        slug: "weekend-nights",
        match: { window: { days: ["fri", "sat"], start: "22:00", end: "06:00", timeZone: "Europe/Berlin" } },
        outcome: { defer: { until: "window-end" } },
      },
    ]);
    // Friday 12 June 2026 23:00 and Saturday 02:00 (CEST) are in; Sunday 23:00 and Monday 02:00 are not.
    expect(evaluateRules(rules, message({ now: new Date("2026-06-12T21:00:00Z") }))?.outcome).toBe("deferred");
    expect(evaluateRules(rules, message({ now: new Date("2026-06-13T00:00:00Z") }))?.outcome).toBe("deferred");
    expect(evaluateRules(rules, message({ now: new Date("2026-06-14T21:00:00Z") }))).toBeNull();
    expect(evaluateRules(rules, message({ now: new Date("2026-06-15T00:00:00Z") }))).toBeNull();
  });

  it("defers to the end of back-to-back windows, not to the first midnight", () => {
    const rules = compiled([
      {
        slug: "weekend",
        match: { window: { days: ["sat", "sun"], start: "00:00", end: "24:00", timeZone: "Europe/Berlin" } },
        outcome: { defer: { until: "window-end" } },
      },
    ]);
    // Saturday 13 June 2026, 10:00 CEST: the weekend ends at Monday 00:00 CEST, Sunday 22:00 UTC.
    expect(evaluateRules(rules, message({ now: new Date("2026-06-13T08:00:00Z") }))).toMatchObject({
      retryAt: new Date("2026-06-14T22:00:00Z"),
    });
  });
});
