import { query, type Sql } from "@/lib/db/sql";

// Saves of a workspace's rules and approver groups take the workspace's row lock for the rest of their transaction,
// so two saves get consecutive versions and a group cannot shrink under a rule being saved. FOR NO KEY UPDATE, not
// FOR UPDATE: it does not wait for, nor hold up, the foreign-key checks of rows inserted under the workspace (a
// conversation, a contact), which take FOR KEY SHARE.

const LOCK = query("ruleSets.lockWorkspace", {
  text: "SELECT id FROM workspaces WHERE id = $1 FOR NO KEY UPDATE",
});

/** Takes the workspace's rules lock; false when there is no such workspace. */
export async function lockRules(sql: Sql, workspaceId: string): Promise<boolean> {
  const rows = await sql.query(LOCK, [workspaceId]);
  return rows.length > 0;
}
