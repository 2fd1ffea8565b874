import type { RowOf } from "@/lib/db/sql";

// The Draft resource (docs/api-contract.md#draft), from a row of `drafts`: the columns DRAFT_COLUMNS reads, named as
// the Prisma model names them (lib/drafts/create-draft.ts), so a `Draft` read through Prisma serializes the same.

/** A draft as DRAFT_COLUMNS reads it (drafts.insert, drafts.approve and drafts.reject return it). */
export type DraftRecord = RowOf<"drafts.insert">;

export function serializeDraft(draft: DraftRecord) {
  return {
    id: draft.id,
    conversation_id: draft.conversationId,
    status: draft.status,
    body: draft.body,
    rationale: draft.rationale,
    follow_up:
      draft.followUpBody !== null && draft.followUpDelayMinutes !== null
        ? {
            body: draft.followUpBody,
            delay_minutes: draft.followUpDelayMinutes,
            status: draft.followUpStatus ?? "pending",
            due_at: draft.followUpDueAt?.toISOString() ?? null,
            cancel_reason: draft.followUpCancelReason,
          }
        : null,
    message_id: draft.messageId,
    edited: draft.edited,
    created_at: draft.createdAt.toISOString(),
    decided_at: draft.decidedAt?.toISOString() ?? null,
  };
}
