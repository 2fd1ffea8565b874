import { RE2JS } from "re2js";
import { findCards, findEmails, findLinks, findMoney, findPattern, findPhones, type Finding } from "./matchers";
import type { ContentMatcher, Rule, RuleSet, RuleWindow } from "./rule-set";
import type { RuleInput, RuleReason } from "./types";
import type { CompiledWindow } from "./window";
import { WEEKDAYS } from "./zoned-time";

// Compiles a validated rule set once (per version and process, issue 33 item 6), so a send pays for matching only:
// patterns are compiled to RE2 programs, names are lowercased into sets, windows turned into minutes. The result is
// what ./evaluate-rules.ts runs. The input must have passed validateRuleSet: a pattern RE2 refuses throws here.

/** A rule ready to run: its cheap checks first, its content matchers last. */
export interface CompiledRule {
  index: number;
  slug: string;
  reason: RuleReason;
  rule: Rule;
  /** The checks on who and where (bots, labels, sensitivity): all must hold. */
  scope: (input: RuleInput) => boolean;
  /** The window and the time zone it reads (`contact` falls back to the workspace's), or null for always. */
  window: { compiled: CompiledWindow; timeZone: RuleWindow["timeZone"] } | null;
  /** The content matchers, any of which must find something; empty when the rule has none. */
  content: ((input: RuleInput) => Finding[])[];
}

export interface CompiledRuleSet {
  rules: CompiledRule[];
}

/** The reason code of the rule `slug`. */
export function ruleReason(slug: string): RuleReason {
  return `rule:${slug}`;
}

/** The rule set, compiled for ./evaluate-rules.ts. */
export function compileRuleSet(ruleSet: RuleSet): CompiledRuleSet {
  const anyPattern = patternPrefilter(ruleSet);
  return { rules: ruleSet.rules.map((rule, index) => compileRule(rule, { index, anyPattern })) };
}

/** Whether any text of the input could match some admin pattern of the set; absent: ask each pattern. */
type AnyPattern = ((input: RuleInput) => boolean) | undefined;

/**
 * Many patterns, one pass: the set's patterns joined as one RE2 alternation (each in its own group with its own case
 * flag), asked once per message and remembered for it, so a message no pattern matches costs one search instead of
 * one per pattern rule (bench:policy's fifty rules, forty-five of them patterns: see bench/RESULTS.md). A message it
 * matches is searched by each pattern as before, for the rule that matches first and what it found. RE2 may refuse
 * the joined program (too large): then each pattern is asked alone, as without the prefilter.
 */
function patternPrefilter(ruleSet: RuleSet): AnyPattern {
  const sources = ruleSet.rules.flatMap((rule) =>
    (rule.match.content ?? []).flatMap((matcher) =>
      matcher.kind === "pattern" ? [`(?${matcher.caseInsensitive ? "i" : ""}:${matcher.pattern})`] : [],
    ),
  );
  if (sources.length < 2) return undefined;
  let joined: RE2JS;
  try {
    joined = RE2JS.compile(sources.join("|"));
  } catch {
    return undefined;
  }
  const seen = new WeakMap<RuleInput, boolean>();
  return (input) => {
    let any = seen.get(input);
    if (any === undefined) seen.set(input, (any = input.texts.some((text) => joined.test(text))));
    return any;
  };
}

function compileRule(rule: Rule, { index, anyPattern }: { index: number; anyPattern: AnyPattern }): CompiledRule {
  const { match } = rule;
  const bots = match.bots && new Set(match.bots.map((b) => b.toLowerCase()));
  const conversationLabels = match.conversationLabels && new Set(match.conversationLabels.map((l) => l.toLowerCase()));
  const contactLabels = match.contactLabels && new Set(match.contactLabels.map((l) => l.toLowerCase()));
  const sensitivity = match.contactSensitivity;
  const anyOf = (wanted: Set<string>, have: string[]) => have.some((h) => wanted.has(h.toLowerCase()));

  const scope = (input: RuleInput) =>
    (!bots || bots.has(input.bot.id.toLowerCase()) || bots.has(input.bot.handle.toLowerCase())) &&
    (!conversationLabels || anyOf(conversationLabels, input.conversationLabels)) &&
    (!contactLabels || (input.contact !== null && anyOf(contactLabels, input.contact.labels))) &&
    (!sensitivity || input.contact?.sensitivity === sensitivity);

  const window = match.window
    ? {
        compiled: {
          days: new Set((match.window.days ?? WEEKDAYS).map((day) => WEEKDAYS.indexOf(day))),
          start: minutes(match.window.start),
          end: minutes(match.window.end),
        },
        timeZone: match.window.timeZone,
      }
    : null;

  return {
    index,
    slug: rule.slug,
    reason: ruleReason(rule.slug),
    rule,
    scope,
    window,
    content: (match.content ?? []).map((matcher) => compileMatcher(matcher, { anyPattern })),
  };
}

function compileMatcher(
  matcher: ContentMatcher,
  { anyPattern }: { anyPattern: AnyPattern },
): (input: RuleInput) => Finding[] {
  switch (matcher.kind) {
    case "links":
      return (input) => findLinks(input.texts, matcher);
    case "emails":
      return (input) => findEmails(input.texts);
    case "phones":
      return (input) => findPhones(input.texts, matcher);
    case "money":
      return (input) => findMoney(input.texts, matcher);
    case "cards":
      return (input) => findCards(input.texts);
    case "attachments": {
      const atLeast = matcher.atLeast ?? 1;
      return (input) =>
        input.attachmentCount >= atLeast
          ? [{ kind: "attachments", text: `${input.attachmentCount} attachment(s)`, detail: `at least ${atLeast}` }]
          : [];
    }
    case "blocks":
      return (input) => (input.blockTypes.includes(matcher.type) ? [{ kind: "blocks", text: matcher.type }] : []);
    case "pattern": {
      const pattern = RE2JS.compile(matcher.pattern, matcher.caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
      return (input) => (anyPattern && !anyPattern(input) ? [] : findPattern(input.texts, { pattern }));
    }
  }
}

function minutes(clock: string): number {
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}
