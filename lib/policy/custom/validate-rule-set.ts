import type { z } from "zod";
import { RuleSet } from "./rule-set";

// Validates a proposed rule set against its schema (./rule-set.ts) and against the workspace it is for: every group
// a rule names exists and has people, and no rule asks for more approvals than its group has people. The schema
// alone cannot know the groups, so they come in as an argument and this stays a pure function (the editor's inline
// validation, the CLI's import and the save all call it). Each issue names the rule by index and slug and the field
// by its path, and `issueText` writes it as one line: `rules[2] (vip-hold).outcome.hold.approvals: must be ...`.

/** An approver group as the workspace has it: `role:admin`, `role:member`, or a named group's slug. */
export interface ApproverGroup {
  name: string;
  /** How many distinct people are in it now. */
  size: number;
}

export interface RuleSetIssue {
  /** The rule, or null for an issue with the set itself. */
  rule: { index: number; slug: string | null } | null;
  /** The field's path inside the rule (or the set): `outcome.hold.approvals`, `match.content[0].pattern`. */
  field: string;
  message: string;
}

export type RuleSetValidation = { ok: true; ruleSet: RuleSet } | { ok: false; issues: RuleSetIssue[] };

export interface ValidateRuleSetOptions {
  /** The workspace's approver groups: its roles and its named groups. */
  groups: ApproverGroup[];
}

/** The parsed rule set, or every issue with it, each naming the rule and the field. */
export function validateRuleSet(input: unknown, { groups }: ValidateRuleSetOptions): RuleSetValidation {
  const parsed = RuleSet.safeParse(input);
  if (!parsed.success) return { ok: false, issues: parsed.error.issues.flatMap((i) => fromZod(i, input)) };

  const issues: RuleSetIssue[] = [];
  const seen = new Map<string, number>();
  parsed.data.rules.forEach((rule, index) => {
    const at = { index, slug: rule.slug };
    const first = seen.get(rule.slug);
    if (first !== undefined)
      issues.push({ rule: at, field: "slug", message: `is already the slug of rules[${first}]; slugs must be unique` });
    else seen.set(rule.slug, index);

    const hold = rule.outcome.hold;
    if (!hold) return;
    const group = groupProblem(hold.group, { groups, approvals: hold.approvals });
    if (group) issues.push({ rule: at, ...group, field: group.field ?? "outcome.hold.group" });
    if (hold.escalate) {
      const escalation = groupProblem(hold.escalate.group, { groups, approvals: 1 });
      if (escalation) issues.push({ rule: at, message: escalation.message, field: "outcome.hold.escalate.group" });
    }
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, ruleSet: parsed.data };
}

/** One issue as a line: `rules[2] (vip-hold).outcome.hold.approvals: must be at most the group's size (1 in finance)`. */
export function issueText(issue: RuleSetIssue): string {
  const where = issue.rule ? `rules[${issue.rule.index}]${issue.rule.slug ? ` (${issue.rule.slug})` : ""}` : "";
  const field = [where, issue.field].filter(Boolean).join(".");
  return `${field || "(rule set)"}: ${issue.message}`;
}

function groupProblem(
  name: string,
  { groups, approvals }: { groups: ApproverGroup[]; approvals: number },
): { field?: string; message: string } | null {
  const group = groups.find((g) => g.name === name);
  if (!group) return { message: `names no approver group of this workspace (${name})` };
  if (group.size === 0) return { message: `${name} has nobody in it: nobody could approve` };
  if (approvals > group.size)
    return {
      field: "outcome.hold.approvals",
      message: `must be at most the group's size (${group.size} in ${name})`,
    };
  return null;
}

function fromZod(issue: z.core.$ZodIssue, input: unknown): RuleSetIssue[] {
  const fields =
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ path: [...issue.path, key], message: "is not a known field" }))
      : [{ path: issue.path, message: issue.message }];
  return fields.map(({ path, message }) => {
    if (path[0] === "rules" && typeof path[1] === "number") {
      const index = path[1];
      return { rule: { index, slug: slugAt(input, index) }, field: pathText(path.slice(2)), message };
    }
    return { rule: null, field: pathText(path), message };
  });
}

function slugAt(input: unknown, index: number): string | null {
  const rules = (input as { rules?: unknown } | null)?.rules;
  const slug = Array.isArray(rules) ? (rules[index] as { slug?: unknown } | null)?.slug : undefined;
  return typeof slug === "string" && slug.length <= 64 ? slug : null;
}

function pathText(path: PropertyKey[]): string {
  return path
    .map((segment, i) => (typeof segment === "number" ? `[${segment}]` : `${i > 0 ? "." : ""}${String(segment)}`))
    .join("");
}
