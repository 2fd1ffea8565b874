import { query, type Sql } from "@/lib/db/sql";

// The workspace's current custom rules: its highest saved version (issue 33, docs/decisions/034-policy-rules.md).
// One indexed read (the unique index on workspace and version), shared by the per-process compiled cache
// (./compiled-rule-set.ts) and the saves that check the current rules still hold (./save-approver-group.ts).

const CURRENT = query("ruleSets.current", {
  text: `SELECT version, rules FROM policy_rule_set_versions WHERE workspace_id = $1 ORDER BY version DESC LIMIT 1`,
});

/** The highest version's number and rules as stored, or null when the workspace never saved any. */
export async function currentVersion(
  sql: Sql,
  workspaceId: string,
): Promise<{ version: number; rules: unknown } | null> {
  const [row] = await sql.query(CURRENT, [workspaceId]);
  return row ?? null;
}
