import type { Db } from "@/lib/db/client";
import type { PolicyRuleSetVersion } from "@/lib/generated/prisma/client";
import type { RuleSet } from "@/lib/policy/custom/rule-set";

// A stored version of a workspace's rules as the domain speaks of it (./get-rule-set.ts, ./list-rule-set-versions.ts):
// who saved it (a person, or null for the operator), when, why, and which version it restored.

export interface RuleSetVersionInfo {
  workspaceId: string;
  version: number;
  /** The person who saved it, or null when the operator (the system) did. */
  savedBy: { userId: string; name: string | null; handle: string | null } | null;
  savedAt: Date;
  reason: string;
  /** The version whose rules a restore copied; null for a save. */
  restoredFromVersion: number | null;
  ruleCount: number;
}

export interface RuleSetVersion extends RuleSetVersionInfo {
  rules: RuleSet;
}

type Row = Pick<
  PolicyRuleSetVersion,
  "workspaceId" | "version" | "rules" | "savedByUserId" | "savedAt" | "reason" | "restoredFromVersion"
>;

/** The versions as the domain speaks of them, their savers' names read in one query. */
export async function versionsOf(client: Db, rows: Row[]): Promise<RuleSetVersion[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.savedByUserId ? [row.savedByUserId] : [])))];
  const users = new Map(
    (await client.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, handle: true } })).map(
      (user) => [user.id, user],
    ),
  );
  return rows.map((row) => {
    const rules = row.rules as unknown as RuleSet; // stored only after validateRuleSet passed (./store-version.ts)
    const user = row.savedByUserId ? users.get(row.savedByUserId) : undefined;
    return {
      workspaceId: row.workspaceId,
      version: row.version,
      savedBy: row.savedByUserId
        ? { userId: row.savedByUserId, name: user?.name ?? null, handle: user?.handle ?? null }
        : null,
      savedAt: row.savedAt,
      reason: row.reason,
      restoredFromVersion: row.restoredFromVersion,
      ruleCount: rules.rules.length,
      rules,
    };
  });
}
