import { db, type Tx } from "@/lib/db/client";
import { prismaSql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { optIn, optOut } from "@/lib/consent/set-opt-out";
import { handleOf, requireConversationAccess, type PersonActor } from "@/lib/people/actor";
import { followUpCancelled, messageCreated } from "@/lib/webhooks/events";
import { consentKeyword } from "@/lib/policy/rules/opt-out";
import { MAX_BODY } from "@/lib/schemas/messages";
import { insertMessage } from "./insert-message";
import { serializeMessage } from "./serialize";

// A person posts in a conversation. A whole-message STOP (or STOPALL, UNSUBSCRIBE, ...) opts them out and START
// opts them back in, each confirmed by a system message. Any reply, STOP included, cancels the conversation's
// scheduled follow-ups (SPEC.md: "anyone replies, or anyone sends STOP"). All in one transaction, so a follow-up
// job never sees the reply without the cancellation, and the bots' `message.created` deliveries commit with the
// message (a bot's own messages never reach this function, so they trigger nothing).

const CONFIRM_OUT = "You won't get bot messages here any more. Send START to opt back in.";
const CONFIRM_OUT_ALL = "You won't get bot messages in this workspace any more. Send START to opt back in.";
const CONFIRM_IN = "You're opted back in: bots in this conversation can message you again.";

export type Consent = "opted_out" | "opted_in" | null;

export async function postPersonMessage(actor: PersonActor, id: string, body: string) {
  const conversationId = requireUuid(id, "Conversation");
  const text = body.trim();
  if (!text || text.length > MAX_BODY) throw new ApiError("invalid_body", `A message must be 1 to ${MAX_BODY} characters`);
  const keyword = consentKeyword(text);
  return db().$transaction(async (tx) => {
    const { conversation } = await requireConversationAccess(tx, actor, conversationId);
    const message = await insertMessage(prismaSql(tx), { type: "person", userId: actor.userId }, { conversationId, body: text });
    // The row says who wrote it; only the audit event says through which door (web, cli, mcp).
    await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "message.posted", subjectType: "message", subjectId: message.id, data: { conversation_id: conversationId } });
    await messageCreated(prismaSql(tx), {
      workspaceId: conversation.workspaceId,
      conversationId,
      senderHandle: await handleOf(tx, actor.userId),
      message: { id: message.id, seq: message.seq, body: message.body },
    });
    await cancelFollowUps(tx, conversation.workspaceId, conversationId, keyword === "opt_out" ? "stop" : "reply");

    let consent: Consent = null;
    if (keyword === "opt_out") {
      const word = text.replace(/[.!\s]+$/, "").toUpperCase();
      const everywhere = word === "STOPALL";
      await optOut(actor, conversationId, { everywhere, keyword: word }, tx);
      await confirm(tx, conversationId, everywhere ? CONFIRM_OUT_ALL : CONFIRM_OUT, "opted_out", actor.userId);
      consent = "opted_out";
    } else if (keyword === "opt_in") {
      await optIn(actor, conversationId, {}, tx);
      await confirm(tx, conversationId, CONFIRM_IN, "opted_in", actor.userId);
      consent = "opted_in";
    }
    return { message: serializeMessage(message), consent };
  });
}

async function cancelFollowUps(tx: Tx, workspaceId: string, conversationId: string, reason: "reply" | "stop") {
  const cancelled = await prismaSql(tx).query<{ id: string; bot_id: string }>(
    `UPDATE drafts SET follow_up_status = 'cancelled', follow_up_cancel_reason = $2
      WHERE conversation_id = $1::uuid AND follow_up_status = 'scheduled' RETURNING id, bot_id`,
    [conversationId, reason],
  );
  for (const draft of cancelled) {
    await followUpCancelled(prismaSql(tx), { workspaceId, conversationId, botId: draft.bot_id, draftId: draft.id, reason });
  }
}

async function confirm(tx: Tx, conversationId: string, body: string, consent: Exclude<Consent, null>, userId: string) {
  await insertMessage(prismaSql(tx), { type: "system" }, { conversationId, body, metadata: { consent, user_id: userId } });
}
