import { db, type Tx } from "@/lib/db/client";
import { requireUuid } from "@/lib/ids";
import { prismaSql } from "@/lib/db/sql";
import { lockConversation } from "@/lib/conversations/lock-conversation";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { insertMessage } from "@/lib/messages/insert-message";
import { messageContent } from "@/lib/messages/content";
import { serializeMessage } from "@/lib/messages/serialize";
import { handleOf, type PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";
import { draftApproved, draftRejected } from "@/lib/webhooks/events";
import { decide, type Decision } from "@/lib/policy/decide";
import { isRefusal, recordRefusal, refusalError, type Refusal } from "@/lib/policy/refusal";
import type { Block } from "@/lib/schemas/blocks";
import { serializeDraft } from "./serialize-draft";
import { scheduleFollowUp } from "./send-follow-up";
import { afterDraftExpired } from "./expire-drafts";
import { notifyConversation } from "@/lib/chat/live";
import { DRAFT_LIFETIME_DAYS, MESSAGE_BODY_MAX } from "@/lib/limits";

// A person approves a draft or a held message, optionally editing its text: it is sent once, under the bot's
// label. The draft row is locked first, so double clicks and two people approving at once send exactly once (the
// second finds it no longer pending: 409). Blocks and opt-outs are checked again: they may have changed since.

export async function approveDraft(actor: PersonActor, draftId: string, edits: { body?: string } = {}) {
  const editedBody = edits.body?.trim();
  if (edits.body !== undefined && (!editedBody || editedBody.length > MESSAGE_BODY_MAX)) {
    throw new ApiError("invalid_body", `The edited text must be 1 to ${MESSAGE_BODY_MAX} characters`);
  }
  const outcome = await db().$transaction(async (tx) => {
    const { draft, conversation } = await lockPendingDraft(tx, actor, draftId);
    if (draft.expiresAt.getTime() < Date.now()) {
      // Expired before the sweep noticed (lib/drafts/expire-drafts.ts): marked here, with the same consequences.
      await tx.draft.update({
        where: { id: draftId },
        data: {
          status: "expired",
          ...(draft.followUpBody !== null ? { followUpStatus: "cancelled", followUpCancelReason: "draft_expired" } : {}),
        },
      });
      await afterDraftExpired(prismaSql(tx), { ...draft, workspaceId: conversation.workspaceId }, new Date());
      return { kind: "expired" } as const;
    }

    const body = editedBody ?? draft.body;
    const blocks = (draft.blocks as Block[] | null) ?? null;
    const decision = await decide(prismaSql(tx), {
      mode: "approved",
      botId: draft.botId,
      conversationId: draft.conversationId,
      content: messageContent(body, blocks),
    });
    if (isRefusal(decision.verdict)) return { kind: "refused", refused: decision.verdict, decision, workspaceId: conversation.workspaceId, body } as const;

    const message = await insertMessage(
      prismaSql(tx),
      { type: "bot", decision, approvedByUserId: actor.userId, draftId },
      { conversationId: draft.conversationId, body, blocks },
    );
    const now = new Date();
    const hasFollowUp = draft.followUpBody !== null && draft.followUpDelayMinutes !== null;
    const updated = await tx.draft.update({
      where: { id: draftId },
      data: {
        status: "approved",
        body,
        edited: body !== draft.originalBody,
        messageId: message.id,
        decidedByUserId: actor.userId,
        decidedVia: actor.via,
        decidedAt: now,
        ...(hasFollowUp
          ? { followUpStatus: "scheduled", followUpDueAt: new Date(now.getTime() + draft.followUpDelayMinutes! * 60_000) }
          : {}),
      },
    });
    await recordAudit(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: `${draft.origin}.approved`,
      subjectType: "draft",
      subjectId: draftId,
      data: { message_id: message.id, edited: updated.edited },
    });
    if (hasFollowUp && updated.followUpDueAt) await scheduleFollowUp(prismaSql(tx), draftId, updated.followUpDueAt);
    await draftApproved(prismaSql(tx), {
      workspaceId: conversation.workspaceId,
      conversationId: draft.conversationId,
      botId: draft.botId,
      draftId,
      edited: updated.edited,
      approvedByHandle: await handleOf(tx, actor.userId),
      message: { id: message.id, seq: message.seq, body: message.body },
    });
    return { kind: "done", draft: updated, message } as const;
  });

  if (outcome.kind === "expired") {
    const lifetime = `drafts wait ${DRAFT_LIFETIME_DAYS} days`;
    throw new ApiError("conflict", `This draft expired (${lifetime}) and can no longer be approved`);
  }
  if (outcome.kind === "refused") return refuse(outcome.decision, outcome.refused, outcome.workspaceId, outcome.body);
  return { draft: serializeDraft(outcome.draft), message: serializeMessage(outcome.message) };
}

async function refuse(decision: Decision, verdict: Refusal, workspaceId: string, body: string): Promise<never> {
  await recordRefusal(decision, workspaceId, body);
  throw refusalError(verdict);
}

export async function rejectDraft(actor: PersonActor, draftId: string, note?: string) {
  const draft = await db().$transaction(async (tx) => {
    const { draft: current, conversation } = await lockPendingDraft(tx, actor, draftId);
    const updated = await tx.draft.update({
      where: { id: draftId },
      data: {
        status: "rejected",
        decidedByUserId: actor.userId,
        decidedVia: actor.via,
        decidedAt: new Date(),
        decisionNote: note ?? null,
        ...(current.followUpBody !== null ? { followUpStatus: "cancelled", followUpCancelReason: "draft_rejected" } : {}),
      },
    });
    await recordAudit(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: `${current.origin}.rejected`,
      subjectType: "draft",
      subjectId: draftId,
      data: note ? { note } : {},
    });
    await notifyConversation(prismaSql(tx), current.conversationId, "draft");
    await draftRejected(prismaSql(tx), {
      workspaceId: conversation.workspaceId,
      conversationId: current.conversationId,
      botId: current.botId,
      draftId,
      rejectedByHandle: await handleOf(tx, actor.userId),
    });
    return updated;
  });
  return serializeDraft(draft);
}

/**
 * Locks a draft that a person is deciding, and checks they may. The conversation is locked first, then the draft:
 * the order of a person's reply (which inserts into the conversation, then cancels its follow-ups), so the two
 * never deadlock. A draft already decided is a 409 `conflict`: double clicks and two people at once decide once.
 */
async function lockPendingDraft(tx: Tx, actor: PersonActor, id: string) {
  const draftId = requireUuid(id, "Draft");
  const found = await tx.draft.findUnique({ where: { id: draftId }, select: { conversationId: true } });
  if (!found) throw new ApiError("not_found", "Draft not found");
  await lockConversation(prismaSql(tx), found.conversationId);
  await tx.$queryRaw`SELECT id FROM drafts WHERE id = ${draftId}::uuid FOR UPDATE`;
  const draft = await tx.draft.findUniqueOrThrow({ where: { id: draftId } });
  const { conversation } = await requireConversationAccess(tx, actor, draft.conversationId, "Draft");
  if (draft.status !== "pending") throw new ApiError("conflict", `This ${label(draft.origin)} was already ${draft.status}`);
  return { draft, conversation };
}

const label = (origin: string) => (origin === "held_message" ? "held message" : "draft");
