import { inTransaction, query, type Transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccessSql } from "@/lib/people/access";

// Consent belongs to people: only a person records an opt-out (for themselves, or for a contact who takes part in
// the conversation), and only a person opts back in. Bots only ever see the effect: 409 `opted_out`. A person's STOP
// records it in the transaction of their message (lib/messages/post-person-message.ts), so it is SQL
// (docs/decisions/005).

export interface ConsentSubject {
  /** A contact of the conversation whose opt-out a person records (by phone, in person...); else the person. */
  contactId?: string;
}

const IS_PARTICIPANT = query("consent.isParticipant", {
  text: "SELECT 1 AS one FROM conversation_participants WHERE conversation_id = $1 AND contact_id = $2",
});
const LOCK_SUBJECT = query("consent.lockSubject", { text: "SELECT pg_advisory_xact_lock(hashtext($1))" });

// $1 workspace, $2 the person or null, $3 the contact or null (a row has exactly one: opt_outs_one_subject), $4 the
// conversation whose own opt-outs count beside workspace-wide ones (null: workspace-wide ones only).
const SUBJECT_COVERED = `workspace_id = $1 AND user_id IS NOT DISTINCT FROM $2::uuid
  AND contact_id IS NOT DISTINCT FROM $3::uuid AND revoked_at IS NULL
  AND (conversation_id IS NULL OR conversation_id = $4::uuid)`;
const COVERING = query("consent.covering", {
  text: `SELECT conversation_id FROM opt_outs WHERE ${SUBJECT_COVERED} LIMIT 1`,
});
const REVOKE = query("consent.revoke", {
  text: `UPDATE opt_outs SET revoked_at = $5 WHERE ${SUBJECT_COVERED} RETURNING id`,
});
const INSERT_OPT_OUT = query("consent.insert", {
  text: `INSERT INTO opt_outs (workspace_id, conversation_id, user_id, contact_id, keyword, recorded_by_user_id)
  VALUES ($1, $2, $3, $4, $5, $6)`,
});

async function resolveSubject(tx: Transaction, actor: PersonActor, conversationId: string, subject: ConsentSubject) {
  const { conversation } = await requireConversationAccessSql(actor, {
    client: tx,
    conversationId: requireUuid(conversationId, "Conversation"),
  });
  if (subject.contactId) requireUuid(subject.contactId, "Contact");
  const who = { userId: subject.contactId ? null : actor.userId, contactId: subject.contactId ?? null };
  if (subject.contactId) {
    const [participant] = await tx.query(IS_PARTICIPANT, [conversationId, subject.contactId]);
    if (!participant) throw new ApiError("not_found", "That contact does not take part in this conversation");
  }
  // opt_outs has no unique index (the scope may be null), so two concurrent STOPs for one subject take turns here.
  await tx.query(LOCK_SUBJECT, [`opt_out:${conversation.workspaceId}:${subject.contactId ?? actor.userId}`]);
  const label = subject.contactId ? { contact_id: subject.contactId } : { user_id: actor.userId };
  return { conversation, who, label };
}

export interface OptInOptions extends ConsentSubject {
  conversationId: string;
  /** The transaction of the caller's work (a person's STOP or START message), else one of its own. */
  tx?: Transaction;
}

export interface OptOutOptions extends OptInOptions {
  /** Out of every conversation of the workspace, not this one only. */
  everywhere?: boolean;
  /** The word that asked for it (STOP...), when a message did. */
  keyword?: string;
}

/** Opts the subject out of bot messages in this conversation, or (`everywhere`) in every conversation of the workspace. */
export async function optOut(actor: PersonActor, { conversationId, tx, ...options }: OptOutOptions) {
  return inTransaction(tx, async (tx) => {
    const { conversation, who, label } = await resolveSubject(tx, actor, conversationId, options);
    const scope = options.everywhere ? null : conversationId;
    // A workspace-wide opt-out already covers this conversation; a conversation's own one does not cover the rest.
    const [covering] = await tx.query(COVERING, [conversation.workspaceId, who.userId, who.contactId, scope]);
    const result = {
      opted_out: true,
      scope: scope ? "conversation" : "workspace",
      conversation_id: conversationId,
      ...label,
    };
    if (covering) return { ...result, scope: covering.conversation_id ? "conversation" : "workspace", created: false };
    await tx.query(INSERT_OPT_OUT, [
      conversation.workspaceId,
      scope,
      who.userId,
      who.contactId,
      options.keyword ?? null,
      actor.userId,
    ]);
    await recordAuditSql(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: "consent.opted_out",
      subjectType: "conversation",
      subjectId: conversationId,
      data: { ...label, everywhere: scope === null, keyword: options.keyword ?? null },
    });
    return { ...result, created: true };
  });
}

/**
 * Opts the subject back in here: revokes its opt-outs that cover this conversation (its own and workspace-wide
 * ones). Opt-outs of other single conversations stay: START here says nothing about those.
 */
export async function optIn(actor: PersonActor, { conversationId, tx, ...options }: OptInOptions) {
  return inTransaction(tx, async (tx) => {
    const { conversation, who, label } = await resolveSubject(tx, actor, conversationId, options);
    const revoked = await tx.query(REVOKE, [
      conversation.workspaceId,
      who.userId,
      who.contactId,
      conversationId,
      new Date(),
    ]);
    if (revoked.length > 0) {
      await recordAuditSql(tx, {
        workspaceId: conversation.workspaceId,
        actor,
        action: "consent.opted_in",
        subjectType: "conversation",
        subjectId: conversationId,
        data: label,
      });
    }
    return { opted_out: false, conversation_id: conversationId, ...label, revoked: revoked.length };
  });
}
