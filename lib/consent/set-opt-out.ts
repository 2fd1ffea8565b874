import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireConversationAccess, type PersonActor } from "@/lib/people/actor";

// Consent belongs to people: only a person records an opt-out (for themselves, or for a contact who takes part in
// the conversation), and only a person opts back in. Bots only ever see the effect: 409 `opted_out`.

interface Subject {
  contactId?: string;
}

async function resolveSubject(tx: Tx, actor: PersonActor, conversationId: string, subject: Subject) {
  const { conversation } = await requireConversationAccess(tx, actor, conversationId);
  if (subject.contactId) {
    const participant = await tx.conversationParticipant.findUnique({
      where: { conversationId_contactId: { conversationId, contactId: subject.contactId } },
    });
    if (!participant) throw new ApiError("not_found", "That contact does not take part in this conversation");
    return { conversation, where: { contactId: subject.contactId }, label: { contact_id: subject.contactId } };
  }
  return { conversation, where: { userId: actor.userId }, label: { user_id: actor.userId } };
}

/** Opts the subject out of bot messages in this conversation, or (`everywhere`) in every conversation of the workspace. */
export async function optOut(actor: PersonActor, conversationId: string, options: Subject & { everywhere?: boolean; keyword?: string } = {}, client?: Tx) {
  const run = async (tx: Tx) => {
    const { conversation, where, label } = await resolveSubject(tx, actor, conversationId, options);
    const scope = options.everywhere ? null : conversationId;
    const existing = await tx.optOut.findFirst({
      where: { workspaceId: conversation.workspaceId, ...where, revokedAt: null, OR: [{ conversationId: null }, { conversationId: scope ?? undefined }] },
    });
    if (existing && (existing.conversationId === null || scope !== null)) {
      return { opted_out: true, created: false, scope: existing.conversationId ? "conversation" : "workspace", ...label };
    }
    await tx.optOut.create({
      data: { workspaceId: conversation.workspaceId, conversationId: scope, ...where, keyword: options.keyword ?? null, recordedByUserId: actor.userId },
    });
    await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "consent.opted_out", subjectType: "conversation", subjectId: conversationId, data: { ...label, everywhere: Boolean(options.everywhere), keyword: options.keyword ?? null } });
    return { opted_out: true, created: true, scope: scope ? "conversation" : "workspace", ...label };
  };
  return client ? run(client) : db().$transaction(run);
}

/** Opts the subject back in: revokes its opt-outs that cover this conversation (its own and workspace-wide ones). */
export async function optIn(actor: PersonActor, conversationId: string, options: Subject = {}, client?: Tx) {
  const run = async (tx: Tx) => {
    const { conversation, where, label } = await resolveSubject(tx, actor, conversationId, options);
    const { count } = await tx.optOut.updateMany({
      where: { workspaceId: conversation.workspaceId, ...where, revokedAt: null, OR: [{ conversationId: null }, { conversationId }] },
      data: { revokedAt: new Date() },
    });
    if (count > 0) {
      await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "consent.opted_in", subjectType: "conversation", subjectId: conversationId, data: label });
    }
    return { opted_out: false, revoked: count, ...label };
  };
  return client ? run(client) : db().$transaction(run);
}
