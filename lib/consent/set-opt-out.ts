import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";

// Consent belongs to people: only a person records an opt-out (for themselves, or for a contact who takes part in
// the conversation), and only a person opts back in. Bots only ever see the effect: 409 `opted_out`.

export interface ConsentSubject {
  /** A contact of the conversation whose opt-out a person records (by phone, in person...); else the person. */
  contactId?: string;
}

async function resolveSubject(tx: Tx, actor: PersonActor, conversationId: string, subject: ConsentSubject) {
  const { conversation } = await requireConversationAccess(tx, actor, requireUuid(conversationId, "Conversation"));
  if (subject.contactId) requireUuid(subject.contactId, "Contact");
  const who = subject.contactId ? { contactId: subject.contactId } : { userId: actor.userId };
  if (subject.contactId) {
    const participant = await tx.conversationParticipant.findUnique({
      where: { conversationId_contactId: { conversationId, contactId: subject.contactId } },
    });
    if (!participant) throw new ApiError("not_found", "That contact does not take part in this conversation");
  }
  // opt_outs has no unique index (the scope may be null), so two concurrent STOPs for one subject take turns here.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`opt_out:${conversation.workspaceId}:${subject.contactId ?? actor.userId}`}))`;
  const label = subject.contactId ? { contact_id: subject.contactId } : { user_id: actor.userId };
  return { conversation, who, label };
}

/** Opts the subject out of bot messages in this conversation, or (`everywhere`) in every conversation of the workspace. */
export async function optOut(
  actor: PersonActor,
  conversationId: string,
  options: ConsentSubject & { everywhere?: boolean; keyword?: string } = {},
  client?: Tx,
) {
  const run = async (tx: Tx) => {
    const { conversation, who, label } = await resolveSubject(tx, actor, conversationId, options);
    const scope = options.everywhere ? null : conversationId;
    // A workspace-wide opt-out already covers this conversation; a conversation's own one does not cover the rest.
    const covering = await tx.optOut.findFirst({
      where: {
        workspaceId: conversation.workspaceId,
        ...who,
        revokedAt: null,
        OR: scope ? [{ conversationId: null }, { conversationId: scope }] : [{ conversationId: null }],
      },
    });
    const result = { opted_out: true, scope: scope ? "conversation" : "workspace", conversation_id: conversationId, ...label };
    if (covering) return { ...result, scope: covering.conversationId ? "conversation" : "workspace", created: false };
    await tx.optOut.create({
      data: { workspaceId: conversation.workspaceId, conversationId: scope, ...who, keyword: options.keyword ?? null, recordedByUserId: actor.userId },
    });
    await recordAudit(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: "consent.opted_out",
      subjectType: "conversation",
      subjectId: conversationId,
      data: { ...label, everywhere: scope === null, keyword: options.keyword ?? null },
    });
    return { ...result, created: true };
  };
  return client ? run(client) : db().$transaction(run);
}

/**
 * Opts the subject back in here: revokes its opt-outs that cover this conversation (its own and workspace-wide
 * ones). Opt-outs of other single conversations stay: START here says nothing about those.
 */
export async function optIn(actor: PersonActor, conversationId: string, options: ConsentSubject = {}, client?: Tx) {
  const run = async (tx: Tx) => {
    const { conversation, who, label } = await resolveSubject(tx, actor, conversationId, options);
    const { count } = await tx.optOut.updateMany({
      where: { workspaceId: conversation.workspaceId, ...who, revokedAt: null, OR: [{ conversationId: null }, { conversationId }] },
      data: { revokedAt: new Date() },
    });
    if (count > 0) {
      await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "consent.opted_in", subjectType: "conversation", subjectId: conversationId, data: label });
    }
    return { opted_out: false, conversation_id: conversationId, ...label, revoked: count };
  };
  return client ? run(client) : db().$transaction(run);
}
