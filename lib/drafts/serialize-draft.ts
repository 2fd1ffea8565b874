// The Draft resource (docs/api-contract.md#draft), from a row of `drafts` (Prisma model).
export interface DraftRecord {
  id: string;
  conversationId: string;
  status: "pending" | "approved" | "rejected" | "expired";
  body: string;
  rationale: string | null;
  followUpBody: string | null;
  followUpDelayMinutes: number | null;
  followUpStatus: "pending" | "scheduled" | "sent" | "cancelled" | null;
  followUpDueAt: Date | null;
  followUpCancelReason: string | null;
  messageId: string | null;
  edited: boolean;
  createdAt: Date;
  decidedAt: Date | null;
}

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
