// The webhook events Relay sends (docs/api-contract.md#payloads), as types. Every event shares one envelope;
// its `id` is stable across retries and replays, so a bot dedupes on it.

import type { AgentRequest } from "./client.js";

export interface WebhookEnvelope<T extends string, D> {
  id: string;
  type: T;
  /** ISO 8601 timestamp of the event (not of the delivery attempt). */
  created_at: string;
  data: D;
}

export interface Attachment {
  name: string;
  /** MIME type. */
  type: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-256 of the file. */
  sha256: string;
}

export interface HumanRef {
  type: "human";
  handle: string;
}

export interface MessageCreatedData {
  conversation_id: string;
  message: {
    id: string;
    seq: number;
    body: string;
    sender: HumanRef;
    /** True when the person @-mentioned this bot. */
    mentioned?: boolean;
    attachments?: Attachment[];
  };
}

export interface MessageReceivedData {
  conversation_id: string;
  /** The bot's message that carries the card. */
  message_id: string;
  action: {
    type: "card.action" | "form.submit";
    /** An approval card action's `key`, or a form's `submit.key`. */
    action_key: string;
    /** Form input values by input name (empty for a card action). */
    values: Record<string, unknown>;
  };
  user: { handle: string; type?: "human" };
}

export interface BotAddedData {
  conversation_id: string;
  added_by: HumanRef;
}

export interface DraftApprovedData {
  conversation_id: string;
  /** The draft, or the `approval_id` a held (202) send answered with. */
  draft_id: string;
  /** True when the person changed the text before approving. */
  edited: boolean;
  approved_by: { handle: string };
  /** The message as sent. */
  message: { id: string; seq: number; body: string };
}

export interface DraftRejectedData {
  conversation_id: string;
  draft_id: string;
  rejected_by: { handle: string };
}

/** `draft.expired`: the draft or held message waited its whole lifetime without a decision (a core event). */
export interface DraftExpiredData {
  conversation_id: string;
  /** The draft, or the `approval_id` a held (202) send answered with. */
  draft_id: string;
  origin: "draft" | "held_message";
  /** ISO 8601 timestamp of the expiry. */
  expired_at: string;
}

export interface FollowUpCancelledData {
  conversation_id: string;
  draft_id: string;
  reason: string;
}

export type PingData = Record<string, never>;

/** `agent_request.created` (to the addressed bot) and `agent_request.answered` (to the asking bot). */
export interface AgentRequestData {
  agent_request: AgentRequest;
}

export type MessageCreatedEvent = WebhookEnvelope<"message.created", MessageCreatedData>;
export type MessageReceivedEvent = WebhookEnvelope<"message.received", MessageReceivedData>;
export type BotAddedEvent = WebhookEnvelope<"conversation.bot_added", BotAddedData>;
export type DraftApprovedEvent = WebhookEnvelope<"draft.approved", DraftApprovedData>;
export type DraftRejectedEvent = WebhookEnvelope<"draft.rejected", DraftRejectedData>;
export type DraftExpiredEvent = WebhookEnvelope<"draft.expired", DraftExpiredData>;
export type FollowUpCancelledEvent = WebhookEnvelope<"follow_up.cancelled", FollowUpCancelledData>;
export type PingEvent = WebhookEnvelope<"ping", PingData>;
export type AgentRequestCreatedEvent = WebhookEnvelope<"agent_request.created", AgentRequestData>;
export type AgentRequestAnsweredEvent = WebhookEnvelope<"agent_request.answered", AgentRequestData>;

/** Narrow on `type`: `if (event.type === "message.created") event.data.message.body`. */
export type WebhookEvent =
  | MessageCreatedEvent
  | MessageReceivedEvent
  | BotAddedEvent
  | DraftApprovedEvent
  | DraftRejectedEvent
  | DraftExpiredEvent
  | FollowUpCancelledEvent
  | AgentRequestCreatedEvent
  | AgentRequestAnsweredEvent
  | PingEvent;

export type WebhookEventType = WebhookEvent["type"];
