import { query, type Sql } from "@/lib/db/sql";
import type { Block } from "@/lib/schemas/blocks";
import type { ApprovalRoute } from "@/lib/policy/types";
import { notifyConversation } from "@/lib/chat/live";
import { DRAFT_LIFETIME_DAYS } from "@/lib/limits";
import { ENQUEUE_NOTIFY_FROM } from "@/lib/notifications/enqueue";

// The same statement enqueues the job that tells the people who may decide it (lib/notifications/), so the send
// path pays no round trip for it.
const INSERT = query("drafts.insertHeld", {
  text: `WITH held AS (
     INSERT INTO drafts (conversation_id, bot_id, origin, body, original_body, blocks, reasons, expires_at,
                         rule_set_version, rule_slug, approver_group, approvals_required, escalate_after_minutes,
                         escalation_group, step_up)
     VALUES ($1, $2, 'held_message', $3, $3, $4::jsonb, $5::text[], now() + interval '${DRAFT_LIFETIME_DAYS} days',
             $6::int, $7::text, $8::text, COALESCE($9::int, 1), $10::int, $11::text, COALESCE($12::boolean, false))
     RETURNING id
   ),
   told AS (${ENQUEUE_NOTIFY_FROM("draft", "held")})
   SELECT held.id FROM held CROSS JOIN (SELECT count(job) FROM told) AS queued`,
});

export interface HeldMessageInput {
  botId: string;
  conversationId: string;
  body: string;
  blocks: Block[] | null;
  reasons: string[];
  /** Who must decide it when a custom rule held it; null: one person who may see the conversation. */
  route: ApprovalRoute | null;
  /** The custom rule-set version in force (lib/policy/decide.ts). */
  ruleSetVersion: number | null;
}

/** A 202 send: the message waits, with its reasons and its route, for a person to approve or reject it. */
export async function createHeldMessage(sql: Sql, input: HeldMessageInput): Promise<{ id: string }> {
  const rows = await sql.query(INSERT, [
    input.conversationId,
    input.botId,
    input.body,
    input.blocks ? JSON.stringify(input.blocks) : null,
    input.reasons,
    ...routeColumns(input),
  ]);
  await notifyConversation(sql, { conversationId: input.conversationId, kind: "draft" });
  return rows[0]!;
}

/**
 * A draft's routing columns: rule_set_version, rule_slug, approver_group, approvals_required, escalate_after_minutes,
 * escalation_group, step_up.
 */
export function routeColumns({ route, ruleSetVersion }: { route: ApprovalRoute | null; ruleSetVersion: number | null }) {
  return [
    ruleSetVersion,
    route?.rule ?? null,
    route?.group ?? null,
    route?.approvals ?? null,
    route?.escalate?.afterMinutes ?? null,
    route?.escalate?.group ?? null,
    route?.stepUp ?? null,
  ] as const;
}
