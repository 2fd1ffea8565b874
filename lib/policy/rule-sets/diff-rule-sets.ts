import type { Rule, RuleSet } from "@/lib/policy/custom/rule-set";

// What changed between two versions of a workspace's rules, for the history (issue 33 item 4): rules are told apart
// by slug (unique in a set). A rule is added or removed; changed when its slug stays and anything else differs (the
// fields that differ are listed, as paths such as `match.window` or `outcome.hold.approvals`); moved when its place
// among the rules both versions share changed. Moved is read as an editor's drag would be: the rules that kept their
// relative order are the longest such run, and only the others moved, so adding one rule at the top moves nothing.
// Order matters because the first matching rule decides (docs/decisions/034-policy-rules.md).

export interface RuleSetDiff {
  added: { slug: string; index: number }[];
  removed: { slug: string; index: number }[];
  changed: { slug: string; index: number; fields: string[] }[];
  /** `from` and `to` are the rule's indexes in the earlier and the later set. */
  moved: { slug: string; from: number; to: number }[];
}

export interface DiffRuleSetsOptions {
  /** The earlier set (the previous version; an empty set for the first). */
  before: RuleSet;
  after: RuleSet;
}

/** Rules added, removed, changed and moved from `before` to `after`, by slug, each list in the later set's order. */
export function diffRuleSets({ before, after }: DiffRuleSetsOptions): RuleSetDiff {
  const earlier = new Map(before.rules.map((rule, index) => [rule.slug, { rule, index }]));
  const later = new Map(after.rules.map((rule, index) => [rule.slug, { rule, index }]));

  const added = after.rules.flatMap((rule, index) => (earlier.has(rule.slug) ? [] : [{ slug: rule.slug, index }]));
  const removed = before.rules.flatMap((rule, index) => (later.has(rule.slug) ? [] : [{ slug: rule.slug, index }]));
  const changed = after.rules.flatMap((rule, index) => {
    const was = earlier.get(rule.slug);
    const fields = was ? differences(ruleBody(was.rule), ruleBody(rule)) : [];
    return fields.length > 0 ? [{ slug: rule.slug, index, fields }] : [];
  });

  const shared = before.rules.map((rule) => rule.slug).filter((slug) => later.has(slug));
  const sharedLater = after.rules.map((rule) => rule.slug).filter((slug) => earlier.has(slug));
  const kept = longestCommonRun(shared, sharedLater);
  const moved = sharedLater
    .filter((slug) => !kept.has(slug))
    .map((slug) => ({ slug, from: earlier.get(slug)!.index, to: later.get(slug)!.index }));

  return { added, removed, changed, moved };
}

function ruleBody(rule: Rule): Record<string, unknown> {
  const { slug: _slug, ...body } = rule;
  return body;
}

/** The paths at which two JSON values differ: objects are compared key by key, anything else (lists too) whole. */
function differences(a: unknown, b: unknown, path = ""): string[] {
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => differences(a[key], b[key], path ? `${path}.${key}` : key));
  }
  return canonical(a) === canonical(b) ? [] : [path || "(rule)"];
}

/** JSON with every object's keys sorted: a version read back from jsonb has its keys in jsonb's order, not the editor's. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The slugs of a longest common subsequence of two orderings of the same slugs (at most 200 each: quadratic is fine). */
function longestCommonRun(a: string[], b: string[]): Set<string> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}
