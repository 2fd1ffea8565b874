import type { CompiledRule, CompiledRuleSet } from "./compile";
import type { Finding } from "./matchers";
import type { RuleDecision, RuleInput, RuleVerdict } from "./types";
import { windowCloses } from "./window";
import { isTimeZone } from "./zoned-time";

// Runs a compiled rule set on one message (docs/decisions/034-policy-rules.md). First match wins, as in a firewall:
// the rules are read top to bottom and the first whose match holds decides, whatever it decides; an `allow` above a
// broader rule is how an admin writes an exception. Within a rule every given part of the match must hold (bots AND
// labels AND sensitivity AND window AND content), and within a list any one item is enough (any of the bots, any
// of the labels, any content matcher that finds something). No rule matching answers null: the built-in verdict
// stands. A custom verdict never lifts the built-in floor (lib/policy/evaluate.ts): that is the caller's to combine.

/** The first rule whose match holds, with its decision and what it found; null when none does. */
export function evaluateRules(ruleSet: CompiledRuleSet, input: RuleInput): RuleVerdict | null {
  for (const rule of ruleSet.rules) {
    const verdict = tryRule(rule, input);
    if (verdict) return verdict;
  }
  return null;
}

/** Every rule whose match holds, in order: what the dry run shows as shadowed behind the first. */
export function matchingRules(ruleSet: CompiledRuleSet, input: RuleInput): RuleVerdict[] {
  return ruleSet.rules.map((rule) => tryRule(rule, input)).filter((verdict) => verdict !== null);
}

function tryRule(rule: CompiledRule, input: RuleInput): RuleVerdict | null {
  if (!rule.scope(input)) return null;

  let closes: Date | null = null;
  if (rule.window) {
    closes = windowCloses(rule.window.compiled, { now: input.now, timeZone: windowZone(rule.window.timeZone, input) });
    if (!closes) return null;
  }

  let findings: Finding[] = [];
  if (rule.content.length > 0) {
    for (const matcher of rule.content) {
      findings = matcher(input);
      if (findings.length > 0) break;
    }
    if (findings.length === 0) return null;
  }

  return {
    ...decide(rule, { now: input.now, closes }),
    rule: { index: rule.index, slug: rule.slug, reason: rule.reason },
    findings,
  };
}

function decide(rule: CompiledRule, { now, closes }: { now: Date; closes: Date | null }): RuleDecision {
  const { outcome } = rule.rule;
  if (outcome.hold)
    return {
      outcome: "held",
      group: outcome.hold.group,
      approvals: outcome.hold.approvals,
      escalate: outcome.hold.escalate ?? null,
      stepUp: outcome.hold.stepUp ?? false,
    };
  if (outcome.block) return { outcome: "blocked", message: outcome.block.reason };
  if (outcome.defer && closes)
    return {
      outcome: "deferred",
      retryAt: closes,
      retryAfterSeconds: Math.max(1, Math.ceil((closes.getTime() - now.getTime()) / 1000)),
    };
  return { outcome: "allowed" };
}

/** The zone a window reads: its own, or the contact's, else the workspace's; a zone the runtime does not know, UTC. */
function windowZone(zone: string, input: RuleInput): string {
  const workspace = isTimeZone(input.workspaceTimeZone) ? input.workspaceTimeZone : "UTC";
  if (zone === "workspace") return workspace;
  if (zone === "contact")
    return input.contact?.timeZone && isTimeZone(input.contact.timeZone) ? input.contact.timeZone : workspace;
  return zone;
}
