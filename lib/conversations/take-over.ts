import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireConversationAccess, type PersonActor } from "@/lib/people/actor";

// A person takes a conversation over: until they release it, every bot message in it is held for approval
// (`conversation_taken_over`). Taking over one that someone else holds moves it to you.

export async function takeOver(actor: PersonActor, conversationId: string) {
  return setTakenOver(actor, conversationId, true);
}

export async function release(actor: PersonActor, conversationId: string) {
  return setTakenOver(actor, conversationId, false);
}

async function setTakenOver(actor: PersonActor, conversationId: string, on: boolean) {
  return db().$transaction(async (tx) => {
    const { conversation } = await requireConversationAccess(tx, actor, conversationId);
    const updated = await tx.conversation.update({
      where: { id: conversationId },
      data: on ? { takenOverByUserId: actor.userId, takenOverAt: new Date() } : { takenOverByUserId: null, takenOverAt: null },
    });
    await recordAudit(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: on ? "conversation.taken_over" : "conversation.released",
      subjectType: "conversation",
      subjectId: conversationId,
      data: { previous: conversation.takenOverByUserId },
    });
    return { conversation_id: updated.id, taken_over_by_user_id: updated.takenOverByUserId, taken_over_at: updated.takenOverAt?.toISOString() ?? null };
  });
}
