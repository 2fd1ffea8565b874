import { query, transaction, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { recordAuditSql } from "@/lib/audit/record-audit";
import type { Actor } from "@/lib/people/actor";
import { describeHostileText, findHostileText } from "@/lib/text/hostile-text";
import { issueText, validateRuleSet, type RuleSetIssue } from "@/lib/policy/custom/validate-rule-set";
import { RULE_SET_CHANNEL, forgetCompiledRuleSet } from "./compiled-rule-set";
import { groupSizes } from "./group-sizes";
import { lockRules } from "./lock-rules";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";

// Stores a new version of a workspace's rules: what a save and a restore share (./save-rule-set.ts,
// ./restore-rule-set.ts). One SQL transaction (docs/decisions/005: it NOTIFYs): the workspace's rules lock, the
// groups as they are under it, validation against them, the next version, the audit record and the NOTIFY that
// tells every process to forget its compiled rules (./compiled-rule-set.ts). A set that does not validate is refused
// before anything is written, with every issue named by rule and field; nothing is saved.

/** The most issues written into a refusal's message; the rest are counted. */
const ISSUES_SHOWN = 20;
export const REASON_MAX = 1000;

const INSERT_VERSION = query("ruleSets.insertVersion", {
  text: `INSERT INTO policy_rule_set_versions (workspace_id, version, rules, saved_by_user_id, reason, restored_from_version)
    SELECT $1::uuid, COALESCE(max(v.version), 0) + 1, $2::jsonb, $3::uuid, $4::text, $5::int
      FROM policy_rule_set_versions v WHERE v.workspace_id = $1
    RETURNING id, version, saved_at`,
});
const NOTIFY = query("ruleSets.notifySaved", { text: `SELECT pg_notify('${RULE_SET_CHANNEL}', $1)` });

export interface StoreVersionOptions {
  workspaceId: string;
  /** The proposed rule set, unvalidated. */
  rules: unknown;
  reason: string;
  /** For a restore: the version whose rules these are. */
  restoredFromVersion?: number | null;
}

/** The stored version: its number and when it was saved. */
export interface StoredVersion {
  version: number;
  savedAt: Date;
}

/** Validates and stores the next version (the caller has checked the actor may); refuses with every issue named. */
export async function storeVersion(actor: Actor, options: StoreVersionOptions): Promise<StoredVersion> {
  const { workspaceId, rules, restoredFromVersion = null } = options;
  const reason = checkedReason(options.reason);
  await requireStepUpToChange(actor, workspaceId);
  const hostile = findHostileText(rules);
  if (hostile) throw new ApiError("invalid_body", `Rule set is invalid: ${describeHostileText(hostile)}`);

  const stored = await transaction(async (tx) => {
    if (!(await lockRules(tx, workspaceId))) throw new ApiError("not_found", "Workspace not found");
    const validation = validateRuleSet(rules, { groups: await groupSizes(tx, workspaceId) });
    if (!validation.ok) throw refusal(validation.issues);
    const [row] = await tx.query(INSERT_VERSION, [
      workspaceId,
      JSON.stringify(validation.ruleSet),
      actor.type === "person" ? actor.userId : null,
      reason,
      restoredFromVersion,
    ]);
    await recordAuditSql(tx, {
      workspaceId,
      actor,
      action: restoredFromVersion === null ? "policy.rules_saved" : "policy.rules_restored",
      subjectType: "policy_rule_set_version",
      subjectId: row!.id,
      data: {
        version: row!.version,
        reason,
        rule_count: validation.ruleSet.rules.length,
        ...(restoredFromVersion === null ? {} : { restored_from_version: restoredFromVersion }),
      },
    });
    await notifySaved(tx, workspaceId);
    return { version: row!.version, savedAt: row!.saved_at };
  });
  forgetCompiledRuleSet(workspaceId);
  return stored;
}

/** Tells every process, when the transaction commits, that the workspace's rules changed. */
export async function notifySaved(sql: Sql, workspaceId: string): Promise<void> {
  await sql.query(NOTIFY, [workspaceId]);
}

/** A rule set's refusal: 422 `invalid_body`, every issue as `rules[2] (vip-hold).outcome.hold.approvals: ...`. */
export function refusal(
  issues: RuleSetIssue[],
  { prefix = "Rule set is invalid" }: { prefix?: string } = {},
): ApiError {
  const shown = issues.slice(0, ISSUES_SHOWN).map(issueText);
  const more = issues.length > ISSUES_SHOWN ? `; and ${issues.length - ISSUES_SHOWN} more` : "";
  const first = issues[0];
  const field = first?.rule ? `rules[${first.rule.index}]${first.field ? `.${first.field}` : ""}` : first?.field;
  return new ApiError("invalid_body", `${prefix}: ${shown.join("; ")}${more}`, { field: field || undefined });
}

function checkedReason(reason: string): string {
  const trimmed = typeof reason === "string" ? reason.trim() : "";
  if (!trimmed)
    throw new ApiError("invalid_body", "Say why the rules change: a reason is required", { field: "reason" });
  if (trimmed.length > REASON_MAX)
    throw new ApiError("invalid_body", `The reason must be at most ${REASON_MAX} characters`, { field: "reason" });
  return trimmed;
}
