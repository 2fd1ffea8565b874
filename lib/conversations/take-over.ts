import { db } from "@/lib/db/client";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";

// A person takes a conversation over: until someone releases it, every bot message in it is held for approval
// (`conversation_taken_over`). Taking over one that someone else holds moves it to you; anyone who may act in the
// conversation can release it, so nobody who left keeps it locked. Repeats change nothing and audit nothing.

export async function takeOver(actor: PersonActor, conversationId: string) {
  return setTakenOver(actor, conversationId, true);
}

export async function release(actor: PersonActor, conversationId: string) {
  return setTakenOver(actor, conversationId, false);
}

async function setTakenOver(actor: PersonActor, id: string, on: boolean) {
  const conversationId = requireUuid(id, "Conversation");
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM conversations WHERE id = ${conversationId}::uuid FOR UPDATE`;
    const { conversation } = await requireConversationAccess(tx, actor, conversationId);
    const holder = on ? actor.userId : null;
    if (conversation.takenOverByUserId === holder) return { ...view(conversation), changed: false };
    const updated = await tx.conversation.update({
      where: { id: conversationId },
      data: { takenOverByUserId: holder, takenOverAt: on ? new Date() : null },
    });
    await recordAudit(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: on ? "conversation.taken_over" : "conversation.released",
      subjectType: "conversation",
      subjectId: conversationId,
      data: { previous: conversation.takenOverByUserId },
    });
    return { ...view(updated), changed: true };
  });
}

function view(conversation: { id: string; takenOverByUserId: string | null; takenOverAt: Date | null }) {
  return {
    conversation_id: conversation.id,
    taken_over_by_user_id: conversation.takenOverByUserId,
    taken_over_at: conversation.takenOverAt?.toISOString() ?? null,
  };
}
