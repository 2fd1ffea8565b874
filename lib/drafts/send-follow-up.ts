import { appendAuditLog } from "@/lib/audit/audit-log";
import { decisionEntry } from "@/lib/policy/decision-entry";
import { query, transaction, type Sql } from "@/lib/db/sql";
import { lockConversation } from "@/lib/conversations/lock-conversation";
import { insertMessage } from "@/lib/messages/insert-message";
import { messageContent } from "@/lib/messages/content";
import { decide } from "@/lib/policy/decide";
import { isRefusal, recordRefusal } from "@/lib/policy/refusal";
import { followUpCancelled } from "@/lib/webhooks/events";

// A draft's follow-up (docs/api-contract.md#drafts-and-held-messages). Approving the draft
// schedules a job keyed to it (`follow-up:<draft id>`, run at the due time); a reply or STOP marks the follow-up
// cancelled in the reply's transaction, so the job, when it runs, finds it cancelled and does nothing. When due, the
// follow-up passes the policy again, as approved content (the person approved its text with the draft): blocks,
// do-not-contact and opt-outs stop it (cancelled, with the reason, and the bot hears follow_up.cancelled); a
// conversation a person took over is not followed up either. A workspace rule's window that is closed (quiet hours)
// moves it to when the window opens. One SQL transaction (docs/decisions/005).

export const FOLLOW_UP_TASK = "send_follow_up";

const SCHEDULE_FOLLOW_UP = query("drafts.scheduleFollowUp", {
  text: `SELECT relay_enqueue_job('${FOLLOW_UP_TASK}', json_build_object('draft_id', $1::text), run_at := $2::timestamptz,
            max_attempts := 5, job_key := 'follow-up:' || $1::text) AS id`,
});

interface ScheduleFollowUpOptions {
  draftId: string;
  dueAt: Date;
}

/** Enqueues the follow-up's job in the caller's transaction (approving the draft). */
export async function scheduleFollowUp(sql: Sql, { draftId, dueAt }: ScheduleFollowUpOptions): Promise<void> {
  await sql.query(SCHEDULE_FOLLOW_UP, [draftId, dueAt]);
}

export type FollowUpOutcome = { status: "sent"; message_id: string } | { status: "cancelled"; reason: string } | { status: "skipped"; reason: string };

/** A draft's conversation, read before anything is locked (a draft never moves; approve-draft.ts reads it too). */
export const DRAFT_CONVERSATION = query("drafts.conversationOf", {
  text: "SELECT conversation_id FROM drafts WHERE id = $1",
});

/** The draft, locked, with its conversation (whose row lock the caller holds). */
const LOCK_FOLLOW_UP = query("drafts.lockFollowUp", {
  text: `SELECT d.conversation_id, d.bot_id, d.follow_up_status, d.follow_up_body,
       d.follow_up_due_at, d.decided_by_user_id, c.workspace_id, c.taken_over_by_user_id
  FROM drafts d JOIN conversations c ON c.id = d.conversation_id
  WHERE d.id = $1
  FOR UPDATE OF d`,
});

const CANCEL_FOLLOW_UP = query("drafts.cancelFollowUp", {
  text: "UPDATE drafts SET follow_up_status = 'cancelled', follow_up_cancel_reason = $2 WHERE id = $1",
});
const RESCHEDULE_FOLLOW_UP = query("drafts.rescheduleFollowUp", {
  text: "UPDATE drafts SET follow_up_due_at = $2 WHERE id = $1",
});
const FOLLOW_UP_SENT = query("drafts.followUpSent", {
  text: "UPDATE drafts SET follow_up_status = 'sent', follow_up_message_id = $2 WHERE id = $1",
});

export async function sendFollowUp(draftId: string, now = new Date()): Promise<FollowUpOutcome> {
  const outcome = await transaction(async (tx) => {
    const [found] = await tx.query(DRAFT_CONVERSATION, [draftId]);
    if (!found) return { result: { status: "skipped", reason: "draft not found" } as FollowUpOutcome };
    await lockConversation(tx, found.conversation_id); // the order replies lock in
    const [draft] = await tx.query(LOCK_FOLLOW_UP, [draftId]);
    if (!draft) return { result: { status: "skipped", reason: "draft not found" } as FollowUpOutcome };
    if (draft.follow_up_status !== "scheduled" || !draft.follow_up_body) {
      return { result: { status: "skipped", reason: `follow-up is ${draft.follow_up_status ?? "absent"}` } as FollowUpOutcome };
    }
    if (draft.follow_up_due_at && draft.follow_up_due_at.getTime() > now.getTime() + 1000) {
      return { result: { status: "skipped", reason: "not due yet" } as FollowUpOutcome };
    }
    const { workspace_id: workspaceId, conversation_id: conversationId, bot_id: botId } = draft;
    const cancel = async (reason: string) => {
      await tx.query(CANCEL_FOLLOW_UP, [draftId, reason]);
      await followUpCancelled(tx, { workspaceId, conversationId, botId, draftId, reason });
      return { status: "cancelled", reason } as FollowUpOutcome;
    };
    if (draft.taken_over_by_user_id) return { result: await cancel("conversation_taken_over") };

    const decision = await decide(tx, { mode: "approved", botId, conversationId, content: messageContent(draft.follow_up_body, null), now });
    if (decision.verdict.outcome === "deferred") {
      // A workspace rule's window (quiet hours): the follow-up waits for it to open instead of being dropped.
      const dueAt = new Date(now.getTime() + decision.verdict.retryAfterSeconds * 1000);
      await tx.query(RESCHEDULE_FOLLOW_UP, [draftId, dueAt]);
      await scheduleFollowUp(tx, { draftId, dueAt });
      return { result: { status: "skipped", reason: `deferred until ${dueAt.toISOString()} (${decision.verdict.reasons.join(", ")})` } as FollowUpOutcome };
    }
    if (isRefusal(decision.verdict)) {
      return { result: await cancel(decision.verdict.reasons[0] ?? "refused"), refusal: decision, workspaceId, body: draft.follow_up_body };
    }
    const message = await insertMessage(tx, {
      author: { type: "bot", decision, approvedByUserId: draft.decided_by_user_id ?? undefined, draftId },
      message: { conversationId, body: draft.follow_up_body },
    });
    await tx.query(FOLLOW_UP_SENT, [draftId, message.id]);
    await appendAuditLog(tx, decisionEntry(decision, { workspaceId, subject: { type: "message", id: message.id } }));
    return { result: { status: "sent", message_id: message.id } as FollowUpOutcome };
  });
  if ("refusal" in outcome && outcome.refusal)
    await recordRefusal(outcome.refusal, { workspaceId: outcome.workspaceId, body: outcome.body });
  return outcome.result;
}
