import { query, type Sql } from "@/lib/db/sql";
import type { ApproverGroup } from "@/lib/policy/custom/validate-rule-set";

// The workspace's approver groups as validation counts them (lib/policy/custom/validate-rule-set.ts): its two roles,
// `role:admin` (its admins) and `role:member` (everyone in it: an admin holds every right a member does), and its named groups by slug, each with how many people are in it now. Read inside the transaction that holds the
// workspace's rules lock (./lock-rules.ts), so a save validates against the groups it commits beside.

const GROUP_SIZES = query("ruleSets.groupSizes", {
  text: `SELECT 'role:' || r.role::text AS name, count(m.id)::int AS size
      FROM unnest(enum_range(NULL::member_role)) AS r(role)
      LEFT JOIN memberships m ON m.workspace_id = $1 AND (r.role = 'member' OR m.role = r.role)
     GROUP BY r.role
    UNION ALL
    SELECT g.slug, count(gm.user_id)::int
      FROM approver_groups g LEFT JOIN approver_group_members gm ON gm.group_id = g.id
     WHERE g.workspace_id = $1
     GROUP BY g.id, g.slug`,
  notNull: ["name", "size"],
});

/** Every approver group of the workspace with its size: both roles (even when empty) and every named group. */
export async function groupSizes(sql: Sql, workspaceId: string): Promise<ApproverGroup[]> {
  return sql.query(GROUP_SIZES, [workspaceId]);
}
