import { query, transaction, type RowOf } from "@/lib/db/sql";
import { requireUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccessSql } from "@/lib/people/access";

// A person takes a conversation over: until someone releases it, every bot message in it is held for approval
// (`conversation_taken_over`). Taking over one that someone else holds moves it to you; anyone who may act in the
// conversation can release it, so nobody who left keeps it locked. Repeats change nothing and audit nothing. It
// takes the conversation's row lock, as a send does, so it is SQL (docs/decisions/005).

/** The conversation's row lock (as lockConversation takes it), with who holds it now. */
const LOCK_TAKEN_OVER = query("conversations.lockTakenOver", {
  text: "SELECT id, taken_over_by_user_id, taken_over_at FROM conversations WHERE id = $1 FOR UPDATE",
});
const SET_TAKEN_OVER = query("conversations.setTakenOver", {
  text: `UPDATE conversations SET taken_over_by_user_id = $2, taken_over_at = $3 WHERE id = $1
  RETURNING id, taken_over_by_user_id, taken_over_at`,
});

export async function takeOver(actor: PersonActor, conversationId: string) {
  return setTakenOver(actor, conversationId, true);
}

export async function release(actor: PersonActor, conversationId: string) {
  return setTakenOver(actor, conversationId, false);
}

async function setTakenOver(actor: PersonActor, id: string, on: boolean) {
  const conversationId = requireUuid(id, "Conversation");
  return transaction(async (tx) => {
    // Checked before the lock, so a person who may not see the conversation locks nothing.
    const { conversation } = await requireConversationAccessSql(actor, { client: tx, conversationId });
    const [current] = await tx.query(LOCK_TAKEN_OVER, [conversationId]);
    const holder = on ? actor.userId : null;
    if (current!.taken_over_by_user_id === holder) return { ...view(current!), changed: false };
    const [updated] = await tx.query(SET_TAKEN_OVER, [conversationId, holder, on ? new Date() : null]);
    await recordAuditSql(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: on ? "conversation.taken_over" : "conversation.released",
      subjectType: "conversation",
      subjectId: conversationId,
      data: { previous: current!.taken_over_by_user_id },
    });
    return { ...view(updated!), changed: true };
  });
}

function view(conversation: RowOf<"conversations.setTakenOver">) {
  return {
    conversation_id: conversation.id,
    taken_over_by_user_id: conversation.taken_over_by_user_id,
    taken_over_at: conversation.taken_over_at?.toISOString() ?? null,
  };
}
