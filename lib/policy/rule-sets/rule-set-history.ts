import { db } from "@/lib/db/client";
import type { Actor } from "@/lib/people/actor";
import { diffRuleSets, type RuleSetDiff } from "./diff-rule-sets";
import { requireRulesAdmin } from "./require-rules-admin";
import { versionsOf, type RuleSetVersionInfo } from "./rule-set-version";

// The rules' history as the editor shows it (issue 33 item 4): the newest versions, each with who saved it, when and
// why, and its diff against the version before it (the first against no rules). Admins only.

export interface RuleSetHistoryEntry extends RuleSetVersionInfo {
  diff: RuleSetDiff;
}

export interface RuleSetHistoryOptions {
  workspaceId: string;
  /** How many versions, newest first (default 20, at most 100). */
  limit?: number;
}

/** The newest versions with their diffs. */
export async function ruleSetHistory(
  actor: Actor,
  { workspaceId, limit = 20 }: RuleSetHistoryOptions,
): Promise<RuleSetHistoryEntry[]> {
  const id = await requireRulesAdmin(actor, workspaceId);
  const take = Math.min(Math.max(1, Math.trunc(limit) || 20), 100);
  // One more than shown: the version before the oldest shown, for its diff.
  const rows = await db().policyRuleSetVersion.findMany({
    where: { workspaceId: id },
    orderBy: { version: "desc" },
    take: take + 1,
  });
  const versions = await versionsOf(db(), rows);
  return versions.slice(0, take).map(({ rules, ...info }, i) => ({
    ...info,
    diff: diffRuleSets({ before: versions[i + 1]?.rules ?? { rules: [] }, after: rules }),
  }));
}
