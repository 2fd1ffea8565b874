import { query, transaction, type Transaction } from "@/lib/db/sql";
import { lockConversation } from "@/lib/conversations/lock-conversation";
import { ApiError } from "@/lib/errors";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { appendAuditLog, digestOf } from "@/lib/audit/audit-log";
import { decisionEntry } from "@/lib/policy/decision-entry";
import { insertMessage } from "@/lib/messages/insert-message";
import { messageContent, messageShape } from "@/lib/messages/content";
import { serializeMessage } from "@/lib/messages/serialize";
import { handleOfSql, type PersonActor } from "@/lib/people/actor";
import { requireDraftDecider } from "./deciders";
import { requireFactorToDecide } from "@/lib/factors/enforcement";
import {
  approveWithPasskey,
  requireFreshFactor,
  type ApprovalAssertion,
  type StepUpProof,
} from "@/lib/factors/step-up-gate";
import { draftApproved, draftRejected } from "@/lib/webhooks/events";
import { decide, type Decision } from "@/lib/policy/decide";
import { isRefusal, recordRefusal, refusalError, type Refusal } from "@/lib/policy/refusal";
import type { Block } from "@/lib/schemas/blocks";
import { serializeDraft } from "./serialize-draft";
import { countDecisionTime } from "./count-decision-time";
import { DRAFT_COLUMNS } from "./create-draft";
import { approvalContentDigest, sentDigest } from "./content-digest";
import { scheduleFollowUp } from "./send-follow-up";
import { afterDraftExpired } from "./expire-drafts";
import { notifyConversation } from "@/lib/chat/live";
import { DRAFT_LIFETIME_DAYS, MESSAGE_BODY_MAX } from "@/lib/limits";

// A person approves a draft or a held message, optionally editing its text: it is sent once, under the bot's
// label. The draft row is locked first, so double clicks and two people approving at once send exactly once (the
// second finds it no longer pending: 409). Blocks and opt-outs are checked again: they may have changed since.
// One SQL transaction each (docs/decisions/005): the policy, the message, the follow-up's job and the events.

const EXPIRE_DRAFT = query("drafts.expire", {
  text: `UPDATE drafts
      SET status = 'expired',
          follow_up_status = CASE WHEN follow_up_body IS NOT NULL THEN 'cancelled'::follow_up_status END,
          follow_up_cancel_reason = CASE WHEN follow_up_body IS NOT NULL THEN 'draft_expired' END
    WHERE id = $1`,
});

/** $8: the follow-up's due time when the draft has one (it is then scheduled), else null. */
const APPROVE_DRAFT = query("drafts.approve", {
  text: `UPDATE drafts
  SET status = 'approved', body = $2, edited = $3, message_id = $4, decided_by_user_id = $5, decided_via = $6,
      decided_at = $7,
      follow_up_status = CASE WHEN $8::timestamptz IS NULL THEN follow_up_status ELSE 'scheduled' END,
      follow_up_due_at = COALESCE($8::timestamptz, follow_up_due_at)
  WHERE id = $1
  RETURNING ${DRAFT_COLUMNS}`,
});

/** A follow-up still waiting is cancelled with its draft. */
const REJECT_DRAFT = query("drafts.reject", {
  text: `UPDATE drafts
  SET status = 'rejected', decided_by_user_id = $2, decided_via = $3, decided_at = $4, decision_note = $5,
      follow_up_status = CASE WHEN follow_up_body IS NULL THEN follow_up_status ELSE 'cancelled' END,
      follow_up_cancel_reason = CASE WHEN follow_up_body IS NULL THEN follow_up_cancel_reason ELSE 'draft_rejected' END
  WHERE id = $1
  RETURNING ${DRAFT_COLUMNS}`,
});

interface ApproveDraftOptions {
  draftId: string;
  /** The person's edit of the text; absent: the text as the bot wrote it. */
  body?: string;
  /**
   * The content digest of the item as the person saw it (./content-digest.ts; the chat's card and the assistant's
   * list give it). Given, the approval is refused if the item changed since: 409 `conflict`, reason
   * `content_changed`. Absent (the CLI, which shows nothing first), the item is approved as it stands.
   */
  seen?: string;
  /** A passkey or authenticator check given with the approval, for an item that needs step-up. */
  stepUp?: StepUpProof;
}

/** Thrown inside the approval's transaction to roll it back; answered as the refusal after it. */
class RefusedApproval extends Error {
  constructor(readonly refusal: { refused: Refusal; decision: Decision; workspaceId: string; body: string }) {
    super("refused");
  }
}

export async function approveDraft(actor: PersonActor, options: ApproveDraftOptions) {
  try {
    return await approveOnce(actor, options);
  } catch (error) {
    if (!(error instanceof RefusedApproval)) throw error;
    const { decision, refused, workspaceId, body } = error.refusal;
    return refuse(decision, refused, workspaceId, body);
  }
}

async function approveOnce(actor: PersonActor, { draftId, body: edit, seen, stepUp: proof }: ApproveDraftOptions) {
  const editedBody = checkedEdit(edit);
  const outcome = await transaction(async (tx) => {
    const { draft, conversation, stepUp } = await lockPendingDraft(tx, actor, draftId);
    if (draft.expires_at.getTime() < Date.now()) {
      // Expired before the sweep noticed (lib/drafts/expire-drafts.ts): marked here, with the same consequences.
      await tx.query(EXPIRE_DRAFT, [draft.id]);
      const expired = {
        id: draft.id,
        conversationId: draft.conversation_id,
        botId: draft.bot_id,
        origin: draft.origin,
      };
      await afterDraftExpired(tx, {
        draft: { ...expired, workspaceId: conversation.workspaceId },
        expiredAt: new Date(),
      });
      return { kind: "expired" } as const;
    }

    const digest = approvalContentDigest({
      id: draft.id,
      conversationId: draft.conversation_id,
      body: draft.body,
      blocks: draft.blocks,
      ruleSetVersion: draft.rule_set_version,
    });
    if (seen !== undefined && seen !== digest) throw contentChanged(draft.origin);
    const blocks = (draft.blocks as Block[] | null) ?? null;
    // For a routed item, countApproval stores this edit (and clears the others' approvals): the text sent is the same.
    const body = editedBody ?? draft.body;
    // Step-up: a passkey given with the approval, its challenge derived from this item and this text (kept with the
    // approval); or a fresh passkey or authenticator check of this browser session, or a code given now.
    let assertion: ApprovalAssertion | null = null;
    if (stepUp && proof?.passkey) {
      const binding = {
        draftId: draft.id,
        seenDigest: digest,
        sentDigest: sentDigest(body, blocks),
      };
      assertion = await approveWithPasskey(actor, { binding, passkey: proof.passkey });
      await tx.query(INSERT_ASSERTION, [
        draft.id,
        actor.userId,
        assertion.credentialId,
        binding.seenDigest,
        binding.sentDigest,
        assertion.nonce,
        JSON.stringify(assertion.response),
      ]);
    } else if (stepUp) await requireFreshFactor(actor, { proof });
    const signed = assertion ? { assertion_sha256: digestOf(assertion.response) } : {};

    if (draft.approvals_required > 1) {
      const counted = await countApproval(tx, {
        actor,
        draft,
        edit: editedBody,
        workspaceId: conversation.workspaceId,
        digest,
        signed,
      });
      if (counted.kind === "waiting") return counted;
    }
    const decision = await decide(tx, {
      mode: "approved",
      botId: draft.bot_id,
      conversationId: draft.conversation_id,
      content: messageContent(body, blocks),
      shape: messageShape(blocks),
    });
    // Refused: everything this approval wrote is rolled back (a counted approval too), so the item waits as it was.
    if (isRefusal(decision.verdict))
      throw new RefusedApproval({ refused: decision.verdict, decision, workspaceId: conversation.workspaceId, body });

    const message = await insertMessage(tx, {
      author: { type: "bot", decision, approvedByUserId: actor.userId, draftId: draft.id },
      message: { conversationId: draft.conversation_id, body, blocks },
    });
    const now = new Date();
    const followUpDueAt =
      draft.follow_up_body !== null && draft.follow_up_delay_minutes !== null
        ? new Date(now.getTime() + draft.follow_up_delay_minutes * 60_000)
        : null;
    const [updated] = await tx.query(APPROVE_DRAFT, [
      draft.id,
      body,
      body !== draft.original_body,
      message.id,
      actor.userId,
      actor.via,
      now,
      followUpDueAt,
    ]);
    await recordAuditSql(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: `${draft.origin}.approved`,
      subjectType: "draft",
      subjectId: draft.id,
      // What was approved (the item as seen) and what was sent (the decision's digest of the message's content).
      data: {
        message_id: message.id,
        edited: updated!.edited,
        content_digest: digest,
        sent_digest: decision.digest,
        ...signed,
      },
    });
    await appendAuditLog(
      tx,
      decisionEntry(decision, { workspaceId: conversation.workspaceId, subject: { type: "message", id: message.id } }),
    );
    if (followUpDueAt && updated!.followUpDueAt)
      await scheduleFollowUp(tx, { draftId: draft.id, dueAt: updated!.followUpDueAt });
    await draftApproved(tx, {
      workspaceId: conversation.workspaceId,
      conversationId: draft.conversation_id,
      botId: draft.bot_id,
      draftId: draft.id,
      edited: updated!.edited,
      approvedByHandle: await handleOfSql(tx, actor.userId),
      message: { id: message.id, seq: message.seq, body: message.body },
    });
    return {
      kind: "done",
      draft: updated!,
      message,
      decided: { item: draft, workspaceId: conversation.workspaceId },
    } as const;
  });

  if (outcome.kind === "expired") {
    const lifetime = `drafts wait ${DRAFT_LIFETIME_DAYS} days`;
    throw new ApiError("conflict", `This draft expired (${lifetime}) and can no longer be approved`);
  }
  if (outcome.kind === "waiting")
    return { draft: serializeDraft(outcome.draft), message: null, approvals: outcome.approvals };
  countDecisionTime(outcome.decided.item, {
    workspaceId: outcome.decided.workspaceId,
    decision: "approved",
    decidedAt: outcome.draft.decidedAt ?? new Date(),
  });
  return { draft: serializeDraft(outcome.draft), message: serializeMessage(outcome.message), approvals: null };
}

const EDIT_ROUTED = query("drafts.editRouted", {
  text: `UPDATE drafts SET body = $2, edited = $2 <> original_body WHERE id = $1`,
});
const RESET_APPROVALS = query("drafts.resetApprovals", {
  text: `WITH gone AS (DELETE FROM draft_approvals WHERE draft_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  notNull: ["n"],
});
const ADD_APPROVAL = query("drafts.addApproval", {
  text: `INSERT INTO draft_approvals (draft_id, user_id, via) VALUES ($1, $2, $3)
    ON CONFLICT (draft_id, user_id) DO NOTHING RETURNING user_id`,
});
const APPROVALS_GIVEN = query("drafts.approvalsGiven", {
  text: `SELECT count(*)::int AS n FROM draft_approvals WHERE draft_id = $1`,
  notNull: ["n"],
});
const INSERT_ASSERTION = query("drafts.insertApprovalAssertion", {
  text: `INSERT INTO approval_assertions (draft_id, user_id, credential_id, seen_digest, sent_digest, nonce, response)
    VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
});

const DRAFT_ROW = query("drafts.row", { text: `SELECT ${DRAFT_COLUMNS} FROM drafts WHERE id = $1` });

interface CountApprovalOptions {
  actor: PersonActor;
  draft: { id: string; origin: string; body: string; conversation_id: string; approvals_required: number };
  /** The approver's edit of the text, if any. */
  edit: string | undefined;
  workspaceId: string;
  /** The item's content digest as it stood when approved. */
  digest: string;
  /** A passkey approval's: the SHA-256 of its assertion, in the audit record (and so the chain). */
  signed: { assertion_sha256?: string };
}

/**
 * One approval of an item a rule asks several people for (issue 33). One person counts once: a second approval of the
 * same text is a 409. An approver's edit changes the text the others approved, so it resets their approvals and
 * counts as the editor's own; the edited text is kept on the item and in the audit. Short of the count, the item
 * keeps waiting (the inbox shows "1 of 2 approvals"); at the count, the caller sends it, once, under the item's lock.
 */
async function countApproval(
  tx: Transaction,
  { actor, draft, edit, workspaceId, digest, signed }: CountApprovalOptions,
) {
  const edited = edit !== undefined && edit !== draft.body;
  let reset = 0;
  if (edited) {
    await tx.query(EDIT_ROUTED, [draft.id, edit]);
    [{ n: reset }] = (await tx.query(RESET_APPROVALS, [draft.id])) as [{ n: number }];
    await recordAuditSql(tx, {
      workspaceId,
      actor,
      action: `${draft.origin}.edited`,
      subjectType: "draft",
      subjectId: draft.id,
      data: { body: edit, approvals_reset: reset },
    });
  }
  const added = await tx.query(ADD_APPROVAL, [draft.id, actor.userId, actor.via]);
  const [{ n: given }] = (await tx.query(APPROVALS_GIVEN, [draft.id])) as [{ n: number }];
  const approvals = { given, required: draft.approvals_required };
  if (added.length === 0)
    throw new ApiError(
      "conflict",
      `You already approved this ${label(draft.origin)}; it waits for ${approvals.required - given} more approval(s) from other people`,
    );
  if (given >= approvals.required) return { kind: "counted" as const };
  await recordAuditSql(tx, {
    workspaceId,
    actor,
    action: `${draft.origin}.approval_given`,
    subjectType: "draft",
    subjectId: draft.id,
    data: {
      approvals: given,
      required: approvals.required,
      content_digest: digest,
      ...(edited ? { edited: true } : {}),
      ...signed,
    },
  });
  await notifyConversation(tx, { conversationId: draft.conversation_id, kind: "draft" });
  const [row] = await tx.query(DRAFT_ROW, [draft.id]);
  return { kind: "waiting" as const, draft: row!, approvals };
}

async function refuse(decision: Decision, verdict: Refusal, workspaceId: string, body: string): Promise<never> {
  await recordRefusal(decision, { workspaceId, body });
  throw refusalError(verdict);
}

interface RejectDraftOptions {
  draftId: string;
  /** Why, kept with the decision and in the audit event. */
  note?: string;
}

export async function rejectDraft(actor: PersonActor, { draftId, note }: RejectDraftOptions) {
  const { draft, decided } = await transaction(async (tx) => {
    const { draft: current, conversation } = await lockPendingDraft(tx, actor, draftId);
    const [updated] = await tx.query(REJECT_DRAFT, [current.id, actor.userId, actor.via, new Date(), note ?? null]);
    await recordAuditSql(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: `${current.origin}.rejected`,
      subjectType: "draft",
      subjectId: current.id,
      data: note ? { note } : {},
    });
    await notifyConversation(tx, { conversationId: current.conversation_id, kind: "draft" });
    await draftRejected(tx, {
      workspaceId: conversation.workspaceId,
      conversationId: current.conversation_id,
      botId: current.bot_id,
      draftId: current.id,
      rejectedByHandle: await handleOfSql(tx, actor.userId),
    });
    return { draft: updated!, decided: { item: current, workspaceId: conversation.workspaceId } };
  });
  countDecisionTime(decided.item, { ...decided, decision: "rejected", decidedAt: draft.decidedAt ?? new Date() });
  return serializeDraft(draft);
}

const LOCK_DRAFT = query("drafts.lockForDecision", {
  text: `SELECT id, conversation_id, bot_id, origin, status, body, original_body,
       blocks, expires_at, follow_up_body, follow_up_delay_minutes, approver_group, approvals_required,
       rule_slug, rule_set_version, step_up, created_at
  FROM drafts WHERE id = $1 FOR UPDATE`,
});

/**
 * Locks a draft that a person is deciding, and checks they may (./deciders.ts). The check comes first, so a person
 * who may not decide the draft makes us lock nothing (a draft never moves to another conversation or group, so the
 * check stays true; an escalation only adds deciders). The conversation is locked first, then the draft: the order
 * of a person's reply (which inserts into the conversation, then cancels its follow-ups), so the two never deadlock.
 * A draft already decided is a 409 `conflict`: double clicks and two people at once decide once.
 */
async function lockPendingDraft(tx: Transaction, actor: PersonActor, id: string) {
  const { draftId, conversation } = await requireDraftDecider(actor, { sql: tx, draftId: id });
  // A workspace that requires a second factor: without one, a person reads the item but does not decide it.
  const standing = await requireFactorToDecide(actor, { sql: tx, workspaceId: conversation.workspaceId });
  await lockConversation(tx, conversation.id);
  const [draft] = await tx.query(LOCK_DRAFT, [draftId]);
  if (!draft) throw new ApiError("not_found", "Draft not found");
  if (draft.status !== "pending")
    throw new ApiError("conflict", `This ${label(draft.origin)} was already ${draft.status}`);
  return { draft, conversation, stepUp: draft.step_up || standing.stepUp === "approvals" };
}

/** A person's edit of an item's text, trimmed (undefined: none); 422 when it is empty or too long. */
export function checkedEdit(edit: string | null | undefined): string | undefined {
  if (edit == null) return undefined;
  const text = edit.trim();
  if (!text || text.length > MESSAGE_BODY_MAX)
    throw new ApiError("invalid_body", `The edited text must be 1 to ${MESSAGE_BODY_MAX} characters`);
  return text;
}

/** The item is no longer what the person saw: refused, so they read it again (the page shows the new text). */
export const contentChanged = (origin: string) =>
  new ApiError(
    "conflict",
    `This ${label(origin)} changed since you opened it (someone edited it, or the bot updated it): read it again before you approve`,
    { reasons: ["content_changed"] },
  );

const label = (origin: string) => (origin === "held_message" ? "held message" : "draft");
