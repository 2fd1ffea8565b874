import { db } from "@/lib/db/client";
import { prismaSql, type Sql } from "@/lib/db/sql";
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
// conversation a person took over is not followed up either.

export const FOLLOW_UP_TASK = "send_follow_up";

/** Enqueues the follow-up's job in the caller's transaction (approving the draft). */
export async function scheduleFollowUp(sql: Sql, draftId: string, dueAt: Date): Promise<void> {
  await sql.query(
    `SELECT (graphile_worker.add_job('${FOLLOW_UP_TASK}', json_build_object('draft_id', $1::text), run_at := $2::timestamptz,
            max_attempts := 5, job_key := 'follow-up:' || $1::text)).id`,
    [draftId, dueAt],
  );
}

export type FollowUpOutcome = { status: "sent"; message_id: string } | { status: "cancelled"; reason: string } | { status: "skipped"; reason: string };

export async function sendFollowUp(draftId: string, now = new Date()): Promise<FollowUpOutcome> {
  const outcome = await db().$transaction(async (tx) => {
    const found = await tx.draft.findUnique({ where: { id: draftId }, select: { conversationId: true } });
    if (!found) return { result: { status: "skipped", reason: "draft not found" } as FollowUpOutcome };
    await lockConversation(prismaSql(tx), found.conversationId); // the order replies lock in
    await tx.$queryRaw`SELECT id FROM drafts WHERE id = ${draftId}::uuid FOR UPDATE`;
    const draft = await tx.draft.findUniqueOrThrow({ where: { id: draftId } });
    if (draft.followUpStatus !== "scheduled" || !draft.followUpBody) {
      return { result: { status: "skipped", reason: `follow-up is ${draft.followUpStatus ?? "absent"}` } as FollowUpOutcome };
    }
    if (draft.followUpDueAt && draft.followUpDueAt.getTime() > now.getTime() + 1000) {
      return { result: { status: "skipped", reason: "not due yet" } as FollowUpOutcome };
    }
    const conversation = await tx.conversation.findUniqueOrThrow({ where: { id: draft.conversationId } });
    const cancel = async (reason: string) => {
      await tx.draft.update({ where: { id: draftId }, data: { followUpStatus: "cancelled", followUpCancelReason: reason } });
      await followUpCancelled(prismaSql(tx), { workspaceId: conversation.workspaceId, conversationId: draft.conversationId, botId: draft.botId, draftId, reason });
      return { status: "cancelled", reason } as FollowUpOutcome;
    };
    if (conversation.takenOverByUserId) return { result: await cancel("conversation_taken_over") };

    const decision = await decide(prismaSql(tx), { mode: "approved", botId: draft.botId, conversationId: draft.conversationId, content: messageContent(draft.followUpBody, null), now });
    if (isRefusal(decision.verdict)) {
      return { result: await cancel(decision.verdict.reasons[0] ?? "refused"), refusal: decision, workspaceId: conversation.workspaceId, body: draft.followUpBody };
    }
    const message = await insertMessage(
      prismaSql(tx),
      { type: "bot", decision, approvedByUserId: draft.decidedByUserId ?? undefined, draftId },
      { conversationId: draft.conversationId, body: draft.followUpBody },
    );
    await tx.draft.update({ where: { id: draftId }, data: { followUpStatus: "sent", followUpMessageId: message.id } });
    return { result: { status: "sent", message_id: message.id } as FollowUpOutcome };
  });
  if ("refusal" in outcome && outcome.refusal) await recordRefusal(outcome.refusal, outcome.workspaceId, outcome.body);
  return outcome.result;
}
