import { query, transaction, type Transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { isUuid, requireUuid } from "@/lib/ids";
import { MAX_ATTACHMENTS_PER_MESSAGE } from "@/lib/attachments/limits";
import type { AttachmentInfo } from "@/lib/attachments/store-attachment";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { optIn, optOut } from "@/lib/consent/set-opt-out";
import { handleOfSql, type PersonActor } from "@/lib/people/actor";
import { requireConversationAccessSql } from "@/lib/people/access";
import { followUpCancelled, messageCreated } from "@/lib/webhooks/events";
import { consentKeyword } from "@/lib/policy/rules/opt-out";
import { MESSAGE_BODY_MAX } from "@/lib/limits";
import { insertMessage } from "./insert-message";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import { mayMention } from "@/lib/notifications/mentions";
import { serializeMessage } from "./serialize";

// A person posts in a conversation. A whole-message STOP (or STOPALL, UNSUBSCRIBE, ...) opts them out and START
// opts them back in, each confirmed by a system message. Any reply, STOP included, cancels the conversation's
// scheduled follow-ups (docs/api-contract.md#drafts-and-held-messages). All in one transaction, so a follow-up
// job never sees the reply without the cancellation, and the bots' `message.created` deliveries commit with the
// message (a bot's own messages never reach this function, so they trigger nothing). That transaction is SQL
// throughout (docs/decisions/005).
//
// Files come as `attachmentIds`: up to 10 of the person's own uploads to this conversation (storePersonAttachment)
// that no message uses yet. With at least one, the text may be empty. Their metadata goes on the message
// (`metadata.attachments`) and in `message.created`, and the same transaction marks them used (message_id), so an
// upload joins one message at most, even when two posts race for it.

const CONFIRM_OUT = "You won't get bot messages here any more. Send START to opt back in.";
const CONFIRM_OUT_ALL = "You won't get bot messages in this workspace any more. Send START to opt back in.";
const CONFIRM_IN = "You're opted back in: bots in this conversation can message you again.";

export type Consent = "opted_out" | "opted_in" | null;

export interface PostOptions {
  conversationId: string;
  /** The text; may be empty when files are attached. */
  body: string;
  /** Uploads to attach (storePersonAttachment), in the order shown; at most 10. */
  attachmentIds?: string[];
}

export async function postPersonMessage(
  actor: PersonActor,
  { conversationId: id, body, attachmentIds: uploads }: PostOptions,
) {
  const conversationId = requireUuid(id, "Conversation");
  const attachmentIds = checkAttachmentIds(uploads ?? []);
  const text = body.trim();
  if (text.length > MESSAGE_BODY_MAX || (!text && attachmentIds.length === 0)) {
    throw new ApiError(
      "invalid_body",
      attachmentIds.length > 0
        ? `A message must be at most ${MESSAGE_BODY_MAX} characters`
        : `A message must be 1 to ${MESSAGE_BODY_MAX} characters`,
    );
  }
  const keyword = consentKeyword(text);
  return transaction(async (tx) => {
    const { conversation } = await requireConversationAccessSql(actor, { client: tx, conversationId });
    const attachments = await usableAttachments(tx, actor, conversationId, attachmentIds);
    const metadata = attachments.length > 0 ? { attachments } : undefined;
    const message = await insertMessage(tx, {
      author: { type: "person", userId: actor.userId },
      message: {
        conversationId,
        body: text,
        metadata,
        preview: text || `📎 ${attachments.map((a) => a.name).join(", ")}`,
      },
    });
    await markUsed(tx, actor, conversationId, attachments, message.id);
    // The row says who wrote it; only the audit event says through which door (web, cli, mcp).
    await recordAuditSql(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: "message.posted",
      subjectType: "message",
      subjectId: message.id,
      data: { conversation_id: conversationId },
    });
    await messageCreated(tx, {
      workspaceId: conversation.workspaceId,
      conversationId,
      senderHandle: await handleOfSql(tx, actor.userId),
      message: {
        id: message.id,
        seq: message.seq,
        body: message.body,
        attachments: attachments.map(({ name, type, size, sha256 }) => ({ name, type, size, sha256 })),
      },
    });
    // People it @-names hear of it wherever they are (lib/notifications/recipients.ts decides who may).
    if (mayMention(text)) await enqueueNotification(tx, { event: "mention", id: message.id, actor: actor.userId });
    await cancelFollowUps(tx, conversation.workspaceId, conversationId, keyword === "opt_out" ? "stop" : "reply");

    let consent: Consent = null;
    if (keyword === "opt_out") {
      const word = text.replace(/[.!\s]+$/, "").toUpperCase();
      const everywhere = word === "STOPALL";
      await optOut(actor, { conversationId, everywhere, keyword: word, tx });
      await confirm(tx, conversationId, everywhere ? CONFIRM_OUT_ALL : CONFIRM_OUT, "opted_out", actor.userId);
      consent = "opted_out";
    } else if (keyword === "opt_in") {
      await optIn(actor, { conversationId, tx });
      await confirm(tx, conversationId, CONFIRM_IN, "opted_in", actor.userId);
      consent = "opted_in";
    }
    return { message: serializeMessage({ ...message, metadata }), consent };
  });
}

function checkAttachmentIds(ids: string[]): string[] {
  const unique = [...new Set(ids.map((id) => id.trim().toLowerCase()))];
  if (unique.length > MAX_ATTACHMENTS_PER_MESSAGE) {
    throw new ApiError(
      "invalid_body",
      `A message can carry at most ${MAX_ATTACHMENTS_PER_MESSAGE} attachments; got ${unique.length}`,
    );
  }
  const malformed = unique.find((id) => !isUuid(id));
  if (malformed !== undefined) throw new ApiError("invalid_body", `Attachment "${malformed}" is not an attachment id`);
  return unique;
}

const ATTACHMENTS = query("messages.personAttachments", {
  text: `SELECT id, name, content_type, size, sha256, uploaded_by_user_id, conversation_id, message_id
  FROM attachments WHERE id = ANY ($1::uuid[])`,
});

/** The uploads, in the order given, each checked: this person's, to this conversation, not used by a message yet. */
async function usableAttachments(
  tx: Transaction,
  actor: PersonActor,
  conversationId: string,
  ids: string[],
): Promise<AttachmentInfo[]> {
  if (ids.length === 0) return [];
  const rows = await tx.query(ATTACHMENTS, [ids]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row || row.uploaded_by_user_id !== actor.userId)
      throw new ApiError("invalid_body", `Attachment ${id} is not one of your uploads`);
    if (row.conversation_id !== conversationId)
      throw new ApiError(
        "invalid_body",
        `${row.name} was uploaded to another conversation; upload it here to attach it`,
      );
    if (row.message_id !== null)
      throw new ApiError(
        "invalid_body",
        `${row.name} is already attached to another message; upload it again to attach it here`,
      );
    return { id: row.id, name: row.name, type: row.content_type, size: row.size, sha256: row.sha256 };
  });
}

const MARK_USED = query("messages.markAttachmentsUsed", {
  text: `UPDATE attachments SET message_id = $1
  WHERE id = ANY ($2::uuid[]) AND uploaded_by_user_id = $3 AND conversation_id = $4 AND message_id IS NULL
  RETURNING id`,
});

/** Marks the uploads used by the message. Only still-unused ones match: a post that lost a race for one rolls back. */
async function markUsed(
  tx: Transaction,
  actor: PersonActor,
  conversationId: string,
  attachments: AttachmentInfo[],
  messageId: string,
) {
  if (attachments.length === 0) return;
  const marked = await tx.query(MARK_USED, [
    messageId,
    attachments.map((a) => a.id),
    actor.userId,
    conversationId,
  ]);
  if (marked.length !== attachments.length)
    throw new ApiError(
      "invalid_body",
      "An attachment was just attached to another message; upload it again to attach it here",
    );
}

const CANCEL_FOLLOW_UPS = query("messages.cancelFollowUps", {
  text: `UPDATE drafts SET follow_up_status = 'cancelled', follow_up_cancel_reason = $2
    WHERE conversation_id = $1::uuid AND follow_up_status = 'scheduled' RETURNING id, bot_id`,
});

async function cancelFollowUps(tx: Transaction, workspaceId: string, conversationId: string, reason: "reply" | "stop") {
  const cancelled = await tx.query(CANCEL_FOLLOW_UPS, [conversationId, reason]);
  for (const draft of cancelled) {
    await followUpCancelled(tx, {
      workspaceId,
      conversationId,
      botId: draft.bot_id,
      draftId: draft.id,
      reason,
    });
  }
}

async function confirm(
  tx: Transaction,
  conversationId: string,
  body: string,
  consent: Exclude<Consent, null>,
  userId: string,
) {
  await insertMessage(tx, {
    author: { type: "system" },
    message: { conversationId, body, metadata: { consent, user_id: userId } },
  });
}
