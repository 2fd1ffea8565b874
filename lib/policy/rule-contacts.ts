import type { RuleInput } from "./custom/types";

// What custom rules read of a conversation's contacts (most conversations have one), one SQL for the send's snapshot
// (./load-snapshot.ts) and the dry run (./dry-run/): their labels together, whether any is sensitive, and the time
// zone of the first who has one (lib/policy/custom/types.ts). A LATERAL subquery over conversation row `c`.

export const ruleContactsSql = (c: string) => `(
      SELECT count(*)::int AS contact_count,
             COALESCE(bool_or(ct.sensitivity = 'high'), false) AS contact_high,
             (array_agg(ct.time_zone ORDER BY p.joined_at, ct.id) FILTER (WHERE ct.time_zone IS NOT NULL))[1]
               AS contact_time_zone,
             ARRAY(SELECT DISTINCT l FROM conversation_participants p2 JOIN contacts ct2 ON ct2.id = p2.contact_id,
                          unnest(ct2.labels) AS l
                    WHERE p2.conversation_id = ${c}.id) AS contact_labels
      FROM conversation_participants p JOIN contacts ct ON ct.id = p.contact_id
      WHERE p.conversation_id = ${c}.id
    )`;

/** The columns of ruleContactsSql. */
export interface RuleContactsRow {
  contact_count: number;
  contact_high: boolean;
  contact_time_zone: string | null;
  contact_labels: string[];
}

/** The contact a rule reads, or null when the conversation has none. */
export function ruleContact(row: RuleContactsRow): RuleInput["contact"] {
  if (row.contact_count === 0) return null;
  return { labels: row.contact_labels, sensitivity: row.contact_high ? "high" : "normal", timeZone: row.contact_time_zone };
}
