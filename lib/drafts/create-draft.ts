import { appendAuditLog } from "@/lib/audit/audit-log";
import { decisionEntry } from "@/lib/policy/decision-entry";
import { inTransaction, query, sql, type Sql } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { requireBotConversation } from "@/lib/conversations/bot-access";
import { decide } from "@/lib/policy/decide";
import { isRefusal, recordRefusal, refusalError } from "@/lib/policy/refusal";
import type { CreateDraftInput } from "@/lib/schemas/drafts";
import { serializeDraft } from "./serialize-draft";
import { routeColumns } from "./create-held-message";
import { notifyConversation } from "@/lib/chat/live";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import { DRAFT_LIFETIME_DAYS } from "@/lib/limits";

// POST /conversations/{id}/drafts: a proposal that always waits for a person. Blocks and opt-outs apply at once
// (a draft to someone who said STOP is refused with 409); the full policy runs again when a person approves it.

export const DRAFT_COLUMNS = `id, conversation_id AS "conversationId", status, body, rationale,
  follow_up_body AS "followUpBody", follow_up_delay_minutes AS "followUpDelayMinutes",
  follow_up_status AS "followUpStatus", follow_up_due_at AS "followUpDueAt",
  follow_up_cancel_reason AS "followUpCancelReason", message_id AS "messageId", edited,
  created_at AS "createdAt", decided_at AS "decidedAt"`;

const INSERT = query("drafts.insert", {
  text: `INSERT INTO drafts (conversation_id, bot_id, origin, body, original_body, rationale,
                       follow_up_body, follow_up_delay_minutes, follow_up_status, expires_at,
                       rule_set_version, rule_slug, approver_group, approvals_required, escalate_after_minutes,
                       escalation_group, step_up)
   VALUES ($1, $2, 'draft', $3, $3, $4, $5, $6, $7::follow_up_status, now() + interval '${DRAFT_LIFETIME_DAYS} days',
           $8::int, $9::text, $10::text, COALESCE($11::int, 1), $12::int, $13::text, COALESCE($14::boolean, false))
   RETURNING ${DRAFT_COLUMNS}`,
});

interface CreateDraftOptions {
  conversationId: string;
  input: CreateDraftInput;
  /** The caller's transaction (the route's); default: one of its own. */
  tx?: Sql;
}

export async function createDraft(bot: BotPrincipal, { conversationId, input, tx }: CreateDraftOptions) {
  const conversation = await requireBotConversation(bot, { sql: tx ?? sql(), conversationId });
  const content = input.follow_up ? [input.body, input.follow_up.body] : [input.body];

  const outcome = await inTransaction(tx, async (tx) => {
    const decision = await decide(tx, { mode: "draft", botId: bot.id, conversationId, content });
    if (isRefusal(decision.verdict)) return { kind: "refused", refused: decision.verdict, decision } as const;
    const rows = await tx.query(INSERT, [
      conversationId,
      bot.id,
      input.body,
      input.rationale ?? null,
      input.follow_up?.body ?? null,
      input.follow_up?.delay_minutes ?? null,
      input.follow_up ? "pending" : null,
      // A custom rule that would hold this text names who decides it (lib/policy/evaluate.ts, draft mode).
      ...routeColumns({
        route: decision.verdict.outcome === "held" ? (decision.verdict.route ?? null) : null,
        ruleSetVersion: decision.ruleSetVersion,
      }),
    ]);
    await appendAuditLog(
      tx,
      decisionEntry(decision, { workspaceId: conversation.workspaceId, subject: { type: "draft", id: rows[0]!.id } }),
    );
    await notifyConversation(tx, { conversationId, kind: "draft" });
    await enqueueNotification(tx, { event: "draft", id: rows[0]!.id });
    return { kind: "done", draft: rows[0]! } as const;
  });

  if (outcome.kind === "refused") {
    await recordRefusal(outcome.decision, { workspaceId: conversation.workspaceId, body: input.body });
    throw refusalError(outcome.refused);
  }
  return serializeDraft(outcome.draft);
}
