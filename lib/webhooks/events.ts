import type { Sql } from "@/lib/db/sql";
import { emitPrivacyEvent, emitToBot, emitToConversation, mentionedHandles } from "./emit-event";

// The events of docs/api-contract.md#payloads, one function each: every payload shape is written here and nowhere else.
// Each runs in the caller's transaction (the `Sql` of the change that causes it).

export interface Attachment {
  name: string;
  type: string;
  size: number;
  sha256: string;
}

interface HumanMessage {
  id: string;
  seq: number;
  body: string;
  attachments?: Attachment[];
}

/** A person posted: every bot authorized in the conversation hears it (`mentioned` tells each if it was named). */
export function messageCreated(
  sql: Sql,
  e: { workspaceId: string; conversationId: string; senderHandle: string; message: HumanMessage },
) {
  const { id, seq, body, attachments } = e.message;
  return emitToConversation(sql, {
    type: "message.created",
    workspaceId: e.workspaceId,
    conversationId: e.conversationId,
    mentions: mentionedHandles(body),
    data: {
      conversation_id: e.conversationId,
      message: {
        id,
        seq,
        body,
        sender: { type: "human", handle: e.senderHandle },
        ...(attachments?.length ? { attachments } : {}),
      },
    },
  });
}

/** A person clicked an approval card's action or submitted a form: only the bot that sent the card hears it. */
export function messageReceived(
  sql: Sql,
  e: {
    workspaceId: string;
    conversationId: string;
    botId: string;
    messageId: string;
    userHandle: string;
    action: { type: "card.action" | "form.submit"; action_key: string; values: Record<string, unknown> };
  },
) {
  return emitToBot(sql, {
    botId: e.botId,
    type: "message.received",
    workspaceId: e.workspaceId,
    conversationId: e.conversationId,
    data: {
      conversation_id: e.conversationId,
      message_id: e.messageId,
      action: e.action,
      user: { type: "human", handle: e.userHandle },
    },
  });
}

export function botAdded(
  sql: Sql,
  e: { workspaceId: string; conversationId: string; botId: string; addedByHandle: string },
) {
  return emitToBot(sql, {
    botId: e.botId,
    type: "conversation.bot_added",
    workspaceId: e.workspaceId,
    conversationId: e.conversationId,
    data: { conversation_id: e.conversationId, added_by: { type: "human", handle: e.addedByHandle } },
  });
}

export function draftApproved(
  sql: Sql,
  e: {
    workspaceId: string;
    conversationId: string;
    botId: string;
    draftId: string;
    edited: boolean;
    approvedByHandle: string;
    message: { id: string; seq: number; body: string };
  },
) {
  return emitToBot(sql, {
    botId: e.botId,
    type: "draft.approved",
    workspaceId: e.workspaceId,
    conversationId: e.conversationId,
    data: {
      conversation_id: e.conversationId,
      draft_id: e.draftId,
      edited: e.edited,
      approved_by: { handle: e.approvedByHandle },
      message: { id: e.message.id, seq: e.message.seq, body: e.message.body },
    },
  });
}

export function draftRejected(
  sql: Sql,
  e: { workspaceId: string; conversationId: string; botId: string; draftId: string; rejectedByHandle: string },
) {
  return emitToBot(sql, {
    botId: e.botId,
    type: "draft.rejected",
    workspaceId: e.workspaceId,
    conversationId: e.conversationId,
    data: { conversation_id: e.conversationId, draft_id: e.draftId, rejected_by: { handle: e.rejectedByHandle } },
  });
}

/**
 * A draft or held message waited its whole lifetime and expired, undecided: the bot hears it (a core event, so an
 * expiry is never a silent loss). `draft_id` is the draft's, or the `approval_id` its held (202) send answered with.
 */
export function draftExpired(
  sql: Sql,
  e: {
    workspaceId: string;
    conversationId: string;
    botId: string;
    draftId: string;
    origin: "draft" | "held_message";
    expiredAt: Date;
  },
) {
  return emitToBot(sql, {
    botId: e.botId,
    type: "draft.expired",
    workspaceId: e.workspaceId,
    conversationId: e.conversationId,
    data: {
      conversation_id: e.conversationId,
      draft_id: e.draftId,
      origin: e.origin,
      expired_at: e.expiredAt.toISOString(),
    },
    now: e.expiredAt,
  });
}

export function followUpCancelled(
  sql: Sql,
  e: { workspaceId: string; conversationId: string; botId: string; draftId: string; reason: string },
) {
  return emitToBot(sql, {
    botId: e.botId,
    type: "follow_up.cancelled",
    workspaceId: e.workspaceId,
    conversationId: e.conversationId,
    data: { conversation_id: e.conversationId, draft_id: e.draftId, reason: e.reason },
  });
}

/** What both agent-request events carry: the request as GET /agent-requests shows it, to one bot. */
interface AgentRequestEvent {
  workspaceId: string;
  botId: string;
  request: Record<string, unknown>;
  now?: Date;
}

/** The two agent-request events differ only in their type: one payload, written once. */
function agentRequestEvent(sql: Sql, type: "agent_request.created" | "agent_request.answered", e: AgentRequestEvent) {
  return emitToBot(sql, {
    botId: e.botId,
    type,
    workspaceId: e.workspaceId,
    conversationId: null,
    data: { agent_request: e.request },
    now: e.now,
  });
}

/**
 * Another bot's question reached this bot over a trusted connection (at once, or when a person approved it). `data`
 * carries the agent request as GET /agent-requests shows it (lib/agents/agent-request-record.ts).
 */
export function agentRequestCreated(sql: Sql, e: AgentRequestEvent) {
  return agentRequestEvent(sql, "agent_request.created", e);
}

/** The bot this bot asked answered: `data.agent_request.response` carries the answer and any signed attachment link. */
export function agentRequestAnswered(sql: Sql, e: AgentRequestEvent) {
  return agentRequestEvent(sql, "agent_request.answered", e);
}

/**
 * An admin erased a contact (lib/privacy/): every bot that was ever authorized in its conversations is told, whatever
 * it subscribed to, by ids only, so it erases its copies.
 */
export function contactErased(
  sql: Sql,
  e: { workspaceId: string; contactId: string; conversationIds: string[]; botIds: string[] },
) {
  return emitPrivacyEvent(sql, {
    botIds: e.botIds,
    type: "contact.erased",
    workspaceId: e.workspaceId,
    conversationId: null,
    data: { contact: { id: e.contactId }, conversation_ids: e.conversationIds },
  });
}

/** An admin erased a person from the workspace: every bot ever authorized where they took part is told, by ids. */
export function personErased(
  sql: Sql,
  e: { workspaceId: string; personId: string; conversationIds: string[]; botIds: string[] },
) {
  return emitPrivacyEvent(sql, {
    botIds: e.botIds,
    type: "person.erased",
    workspaceId: e.workspaceId,
    conversationId: null,
    data: { person: { id: e.personId }, conversation_ids: e.conversationIds },
  });
}

/** The workspace was deleted: every bot it had, and every bot ever authorized in its conversations, is told. */
export function workspaceErased(sql: Sql, e: { workspaceId: string; conversationIds: string[]; botIds: string[] }) {
  return emitPrivacyEvent(sql, {
    botIds: e.botIds,
    type: "workspace.erased",
    workspaceId: e.workspaceId,
    conversationId: null,
    data: { workspace: { id: e.workspaceId }, conversation_ids: e.conversationIds },
  });
}
