import { query, type Sql } from "@/lib/db/sql";
import { isTimeZone } from "./custom/zoned-time";

// What the dry run (./dry-run/dry-run.ts) and the admin overview (./overview/policy-overview.ts) both read of a
// workspace before its traffic: its bots, and the time zone its days are counted in.

const BOTS = query("policy.workspaceBots", {
  text: "SELECT id, handle, name FROM bots WHERE workspace_id = $1 ORDER BY handle",
});

/** The workspace's time zone (its settings' time_zone, UTC without settings). */
const ZONE = query("policy.workspaceTimeZone", {
  text: "SELECT COALESCE((SELECT time_zone FROM workspace_settings WHERE workspace_id = $1), 'UTC') AS time_zone",
  notNull: ["time_zone"],
});

/** The workspace's bots by handle. */
export function workspaceBots(sql: Sql, workspaceId: string) {
  return sql.query(BOTS, [workspaceId]);
}

/** The workspace's IANA time zone; UTC without settings, or for a zone this runtime does not know. */
export async function workspaceTimeZone(sql: Sql, workspaceId: string): Promise<string> {
  const [row] = await sql.query(ZONE, [workspaceId]);
  return row && isTimeZone(row.time_zone) ? row.time_zone : "UTC";
}
