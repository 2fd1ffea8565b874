import fc from "fast-check";
import { stringify } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { person } from "@/lib/people/actor";
import { compileRuleSet } from "@/lib/policy/custom/compile";
import { evaluateRules } from "@/lib/policy/custom/evaluate-rules";
import { validateRuleSet } from "@/lib/policy/custom/validate-rule-set";
import { parseRuleSetText } from "@/lib/policy/rule-sets/rule-set-file";
import { saveRuleSet } from "@/lib/policy/rule-sets/save-rule-set";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { hostileText } from "./hostile";

// The rule import's fuzz (issue 33: "the fuzz covers the rule import"): what an admin pastes into the editor or
// gives `policy rules import` is hostile text like any other. Generated files, from random bytes to rule sets one
// mutation away from valid, go through the import's own path (parse, validate, save). Every one ends in a save or a
// 422 `invalid_body` naming where it failed; nothing else is thrown, a refusal writes nothing, and what is accepted
// compiles and runs over hostile messages in bounded time. FUZZ_RULE_RUNS (default 300) per property.

const RUNS = Number(process.env.FUZZ_RULE_RUNS ?? 300);
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "cli");

beforeAll(async () => {
  world = await seedWorld();
});

const hostile = fc.oneof(hostileText, fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }));
const scalar = fc.oneof(hostile, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const anything: fc.Arbitrary<unknown> = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.oneof(hostile, fc.constantFrom("slug", "match", "outcome", "rules", "kind", "__proto__")), scalar, {
    maxKeys: 4,
  }),
);
/** Rules that pass validation on their own (unique slugs): the generator reaches saves, not only refusals. */
const VALID = [
  { slug: "vip", match: { contactLabels: ["vip"] }, outcome: { hold: { group: "role:admin", approvals: 1 } } },
  { slug: "own-domains", match: { content: [{ kind: "links", allowDomains: ["example.com"] }] }, outcome: { block: { reason: "Links" } } },
  { slug: "quiet", match: { window: { start: "21:00", end: "08:00", timeZone: "contact" } }, outcome: { defer: { until: "window-end" } } },
  { slug: "money", match: { content: [{ kind: "money", over: 500 }] }, outcome: { hold: { group: "finance", approvals: 2 } } },
  { slug: "pattern", match: { content: [{ kind: "pattern", pattern: "(a+)+$" }] }, outcome: { allow: true } },
];
const validSets = fc.subarray(VALID, { minLength: 0 }).map((rules) => ({ rules }));
/** Messages the accepted rules run over. */
const MESSAGES = fc.sample(hostileText, { numRuns: 20, seed: 7 });

/** A valid rule, then one field of it replaced by anything: the near misses a validator must name. */
const rule = fc.record({
  slug: fc.oneof(fc.constantFrom("vip", "own-domains", "quiet-hours"), hostile),
  match: fc.oneof(
    fc.constant({}),
    fc.record({ contactLabels: fc.array(hostile, { maxLength: 3 }) }),
    fc.record({ content: fc.array(fc.record({ kind: fc.constantFrom("links", "pattern", "money", "cards"), pattern: hostile, over: fc.double() }), { maxLength: 2 }) }),
    fc.record({ window: fc.record({ start: hostile, end: fc.constantFrom("08:00", "24:00", "7:00"), timeZone: fc.oneof(hostile, fc.constantFrom("contact", "Europe/Berlin")) }) }),
    anything,
  ),
  outcome: fc.oneof(
    fc.constant({ allow: true }),
    fc.record({ hold: fc.record({ group: fc.oneof(fc.constantFrom("role:admin", "finance"), hostile), approvals: fc.oneof(fc.integer(), fc.double()) }) }),
    fc.record({ block: fc.record({ reason: hostile }) }),
    anything,
  ),
});
const ruleSets = fc.oneof(
  validSets,
  fc.record({ rules: fc.array(rule, { maxLength: 5 }) }),
  fc.record({ rules: fc.array(rule, { maxLength: 3 }), extra: anything }),
  anything,
);
/** As a file: JSON, YAML, or either cut short or with bytes thrown in. */
const files = fc.oneof(
  ruleSets.map((set) => JSON.stringify(set) ?? "null"),
  ruleSets.map((set) => stringify(set)),
  fc.tuple(ruleSets, fc.nat(), hostile).map(([set, at, junk]) => {
    const text = stringify(set);
    const cut = at % (text.length + 1);
    return text.slice(0, cut) + junk + text.slice(cut);
  }),
  fc.string({ unit: "binary", maxLength: 400 }),
  fc.constantFrom("a: &a [1,2]\nb: [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]", "rules: !!binary aGVsbG8=", "{\"rules\": [", "rules:\n  - a: 1\n    a: 2"),
);

describe("the rule import, fuzzed", () => {
  it("parses and validates every file into rules or a refusal naming where, never anything else", () => {
    fc.assert(
      fc.property(files, (text) => {
        let parsed: unknown;
        try {
          parsed = parseRuleSetText(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).code).toBe("invalid_body");
          expect((error as ApiError).message).toMatch(/^The file is not valid YAML or JSON/);
          return;
        }
        const started = performance.now();
        const result = validateRuleSet(parsed, { groups: [{ name: "role:admin", size: 1 }, { name: "finance", size: 2 }] });
        expect(performance.now() - started).toBeLessThan(1000);
        if (!result.ok) {
          expect(result.issues.length).toBeGreaterThan(0);
          for (const issue of result.issues) expect(typeof issue.message).toBe("string");
          return;
        }
        // Accepted: it compiles and runs over hostile messages in bounded time.
        const compiled = compileRuleSet(result.ruleSet);
        const run = performance.now();
        for (const text of MESSAGES)
          evaluateRules(compiled, {
            bot: { id: "b", handle: "bot" },
            conversationLabels: [],
            contact: { labels: ["vip"], sensitivity: "high", timeZone: "Europe/Berlin" },
            workspaceTimeZone: "UTC",
            texts: [text, text.repeat(50)],
            attachmentCount: 0,
            blockTypes: [],
            now: new Date(),
          });
        expect(performance.now() - run).toBeLessThan(2000);
      }),
      { numRuns: RUNS * 5, seed: 20261127, endOnFailure: true },
    );
  });

  it("saves a file only when it is valid: a refusal is a 422 and writes nothing", async () => {
    const versions = () => db().policyRuleSetVersion.count({ where: { workspaceId: world.workspace.id } });
    let saved = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(files, async (text) => {
        const before = await versions();
        try {
          await saveRuleSet(ana(), { workspaceId: world.workspace.id, rules: parseRuleSetText(text), reason: "fuzz" });
          saved++;
          expect(await versions()).toBe(before + 1);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).code).toBe("invalid_body");
          refused++;
          expect(await versions()).toBe(before);
        }
      }),
      { numRuns: RUNS, seed: 20261128, endOnFailure: true },
    );
    // Both kinds were tried: the generator reaches valid sets, not only garbage.
    expect(saved).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
