import type { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import type { EventType } from "@/lib/webhooks/event-types";
import {
  AgentRequestList,
  AgentRequestResponse,
  AttachmentUpload,
  BotAttachmentCreated,
  CreateAgentRequestRequest,
  RespondAgentRequestRequest,
} from "@/lib/schemas/agent-requests";
import { MeResponse } from "@/lib/schemas/bots";
import { ConversationList } from "@/lib/schemas/conversations";
import { CreateDraftRequest, DraftCreated } from "@/lib/schemas/drafts";
import {
  ContextPackResponse,
  FactCreated,
  FactList,
  LegacyMemoryRequest,
  ProposeFactRequest,
} from "@/lib/schemas/memory";
import {
  HeldMessage,
  MessageCheck,
  MessageList,
  PatchMessageRequest,
  SendMessageRequest,
  SentMessage,
  UpdatedMessage,
} from "@/lib/schemas/messages";
import { SearchResults } from "@/lib/schemas/search";
import { TriggerEventRequest, TriggeredEvent } from "@/lib/schemas/events";

// The OpenAPI document's examples (issue 20): one world, the same ids throughout, so a reader can follow one
// conversation from a webhook to the answer. Keyed by the schema they illustrate; lib/openapi/examples.test.ts
// checks every one against its schema (strictly: no field the schema does not name) and that every request and
// response of the document has one. Error examples follow from the codes a refusal's description names.

export const IDS = {
  bot: "3f1c2a9e-7b4d-4e8a-9c21-5d6f8a0b1c2d",
  otherBot: "8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d",
  conversation: "0b9f3c4e-2d1a-4f6b-8e7c-9a8b7c6d5e4f",
  personMessage: "5e2d8c1a-9b3f-4c7e-a1d2-6f4b8e9c0a3b",
  botMessage: "7c4a1e9d-3b2f-4d8c-b6a5-2e1f0d9c8b7a",
  person: "1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  contact: "6b5a4c3d-2e1f-4a9b-8c7d-6e5f4a3b2c1d",
  draft: "9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b",
  fact: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f",
  agentRequest: "4f5e6d7c-8b9a-4f0e-8d1c-2b3a4f5e6d7c",
  attachment: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  delivery: "d4c3b2a1-f6e5-4b7a-9d8c-5e4f3a2b1c0d",
  event: "e5d4c3b2-a1f6-4e5b-8a9d-7c6b5a4f3e2d",
  request: "c0ffee00-1234-4abc-8def-0123456789ab",
  workspace: "b7e6d5c4-a3b2-4c1d-9e0f-8a7b6c5d4e3f",
} as const;

const AT = "2031-03-14T09:26:53.000Z";
const LATER = "2031-03-14T09:27:10.000Z";
const BOT = { id: IDS.bot, handle: "booking-bot", name: "Booking bot" };
const SEND = { body: "Your table for 4 is booked for Friday at 19:30. Reply CHANGE to move it." };
const SENT = {
  id: IDS.botMessage,
  conversation_id: IDS.conversation,
  seq: 8,
  kind: "text" as const,
  body: SEND.body,
  blocks: null,
  created_at: LATER,
  status: "sent" as const,
};
const STATUS_BLOCK = { type: "status_block" as const, title: "Booking the table", state: "done" as const };
const FACT = {
  id: IDS.fact,
  contact_id: IDS.contact,
  key: "preferences.seating",
  fact: "Prefers a table by the window",
  status: "candidate" as const,
  source_message_id: IDS.personMessage,
  proposed_by_bot_id: IDS.bot,
  confirmed_at: null,
  created_at: LATER,
};
const ATTACHMENT = {
  id: IDS.attachment,
  name: "menu.pdf",
  type: "application/pdf",
  size: 48213,
  sha256: "9f2c4b7e1a0d3c6f8e5b2a9d7c4f1e0b3a6d9c2f5e8b1a4d7c0f3e6b9a2d5c8f",
};
const AGENT_REQUEST = {
  id: IDS.agentRequest,
  from: { bot_id: IDS.otherBot, handle: "concierge" },
  to: { bot_id: IDS.bot, handle: "booking-bot" },
  type: "availability" as const,
  question: "Is there a table for 4 on Friday at 19:30?",
  status: "answered" as const,
  reasons: [],
  response: {
    body: "Yes: booked, the menu is attached.",
    attachment: {
      ...ATTACHMENT,
      url: `https://relay.example/api/attachments/${IDS.attachment}?expires=1931939213&signature=3q2-7w`,
      expires_at: "2031-03-15T09:27:10.000Z",
    },
  },
  created_at: AT,
  answered_at: LATER,
  expires_at: "2031-03-21T09:26:53.000Z",
};

/** Examples of request bodies and successful answers, by the schema they illustrate. */
export const EXAMPLES = new Map<z.ZodType, unknown>([
  [MeResponse, { bot: BOT }],
  [
    ConversationList,
    {
      data: [
        {
          id: IDS.conversation,
          title: "Friday dinner",
          last_message_at: AT,
          last_message_preview: "Can you book a table for 4 on Friday?",
        },
      ],
      next_cursor: null,
    },
  ],
  [
    MessageList,
    {
      data: [
        {
          id: IDS.personMessage,
          seq: 7,
          kind: "text",
          body: "Can you book a table for 4 on Friday, 19:30?",
          sender_user_id: IDS.person,
          sender_bot_id: null,
          created_at: AT,
          blocks: null,
        },
      ],
      next_cursor: null,
      next_after_seq: 7,
      removed: [],
    },
  ],
  [SendMessageRequest, SEND],
  [SentMessage, { data: SENT }],
  [HeldMessage, { data: { status: "pending_approval", approval_id: IDS.draft, reasons: ["new_bot"] } }],
  [
    MessageCheck,
    {
      data: {
        outcome: "pending_approval",
        status: 202,
        reasons: ["sensitive_money", "rule:billing-over-500"],
        message: null,
        retry_after: null,
        approval: { rule: "billing-over-500", group: "finance", approvals: 2 },
        rule_set_version: 4,
      },
    },
  ],
  [PatchMessageRequest, { blocks: [STATUS_BLOCK] }],
  [
    UpdatedMessage,
    {
      data: {
        id: IDS.botMessage,
        seq: 8,
        kind: "card",
        body: "Booking the table",
        sender_user_id: null,
        sender_bot_id: IDS.bot,
        created_at: LATER,
        blocks: [STATUS_BLOCK],
      },
    },
  ],
  [
    CreateDraftRequest,
    {
      body: "Shall I book Friday at 19:30 for 4?",
      rationale: "They asked for Friday evening; 19:30 is the first free slot.",
      follow_up: { body: "Still want the Friday table?", delay_minutes: 120 },
    },
  ],
  [
    DraftCreated,
    {
      data: {
        id: IDS.draft,
        conversation_id: IDS.conversation,
        status: "pending",
        body: "Shall I book Friday at 19:30 for 4?",
        rationale: "They asked for Friday evening; 19:30 is the first free slot.",
        follow_up: {
          body: "Still want the Friday table?",
          delay_minutes: 120,
          status: "pending",
          due_at: null,
          cancel_reason: null,
        },
        message_id: null,
        edited: false,
        created_at: LATER,
        decided_at: null,
      },
    },
  ],
  [
    ProposeFactRequest,
    { key: "preferences.seating", fact: "Prefers a table by the window", source_message_id: IDS.personMessage },
  ],
  [LegacyMemoryRequest, { fact: "Prefers a table by the window", source_message_id: IDS.personMessage }],
  [FactCreated, { data: FACT }],
  [FactList, { data: [FACT] }],
  [
    ContextPackResponse,
    {
      data: {
        contact_id: IDS.contact,
        format: "compact",
        status: "ready",
        token_count: 96,
        items: [
          {
            key: "preferences.seating",
            fact: "Prefers a table by the window",
            confirmed_at: LATER,
            citations: [
              {
                message_id: IDS.personMessage,
                conversation_id: IDS.conversation,
                seq: 7,
                excerpt: "a table by the window, if you can",
              },
            ],
          },
        ],
        generated_at: LATER,
      },
    },
  ],
  [
    SearchResults,
    {
      data: [
        {
          kind: "message",
          id: IDS.personMessage,
          text: "Can you book a table for 4 on Friday, 19:30?",
          score: 0.0325,
          citation: {
            message_id: IDS.personMessage,
            conversation_id: IDS.conversation,
            seq: 7,
            excerpt: "book a table for 4 on Friday",
          },
          untrusted: true,
        },
      ],
    },
  ],
  [CreateAgentRequestRequest, { to: "@concierge", type: "availability", question: AGENT_REQUEST.question }],
  [
    AgentRequestResponse,
    {
      data: {
        ...AGENT_REQUEST,
        status: "pending_approval",
        reasons: ["approval_required"],
        response: null,
        answered_at: null,
      },
    },
  ],
  [AgentRequestList, { data: [AGENT_REQUEST], next_cursor: null }],
  [RespondAgentRequestRequest, { body: "Yes: booked, the menu is attached.", attachment_id: IDS.attachment }],
  [AttachmentUpload, { file: "(the file's bytes)" }],
  [BotAttachmentCreated, { data: { ...ATTACHMENT, created_at: LATER } }],
  [TriggerEventRequest, { type: "message.received" }],
  [TriggeredEvent, { data: { delivery_id: IDS.delivery, event_id: IDS.event, type: "message.received", test: true } }],
]);

/** Where one schema answers differently by operation: an answer is the answered request, not a pending one. */
export const OPERATION_EXAMPLES: Record<string, Record<number, unknown>> = {
  respondToAgentRequest: { 200: { data: AGENT_REQUEST } },
};

const MESSAGES: Record<ErrorCode, string> = {
  invalid_json: "The body is not valid JSON",
  idempotency_key_required: "This request needs an Idempotency-Key header (at most 64 characters)",
  unauthorized: "Missing or invalid API key: send Authorization: Bearer amk_...",
  forbidden: "This bot is not authorized in this conversation",
  policy_blocked: "The message was blocked by the workspace's policy",
  no_trusted_connection: "There is no live trusted connection with @concierge",
  type_not_allowed: "This connection does not allow availability requests in this direction",
  workspace_suspended: "This workspace is suspended",
  not_found: "Conversation not found",
  method_not_allowed: "Method not allowed",
  opted_out: "The person opted out of bot messages in this conversation",
  idempotency_key_reused: "This Idempotency-Key was used with a different request",
  idempotency_request_in_progress: "A request with this Idempotency-Key is still in progress",
  conflict: "This agent request was already answered",
  payload_too_large: "The body is larger than 256 KiB",
  unsupported_media_type: "Send the file as multipart/form-data",
  invalid_body: "body: must not be empty",
  invalid_blocks: "blocks.0.actions: needs at least one action",
  deferred: "The bot's daily message limit is reached",
  too_many_attempts: "Too many failed API keys from this address",
  internal_error: "Something went wrong on our side; it is safe to retry",
};

const EXTRAS: Partial<Record<ErrorCode, { reasons?: string[]; retry_after?: number }>> = {
  policy_blocked: { reasons: ["do_not_contact"] },
  deferred: { reasons: ["rate_limit_day"], retry_after: 3120 },
  too_many_attempts: { retry_after: 600 },
};

const errorExample = (code: ErrorCode, extras = EXTRAS[code], message = MESSAGES[code]) => ({
  error: { code, message, ...extras, request_id: IDS.request },
});

/**
 * The error examples of a refusal: one per code its description names in backticks (and a stopped bot's
 * `policy_blocked` with reasons `["bot_stopped"]` where it says so), each named by its code.
 */
export function errorExamples(status: number, description: string): Record<string, { value: unknown }> {
  const named = [...description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  const codes = [...new Set(named)].filter(
    (word): word is ErrorCode => word in ERROR_STATUS && ERROR_STATUS[word as ErrorCode] === status,
  );
  const examples: Record<string, { value: unknown }> = {};
  const stopped = description.includes("bot_stopped");
  const blockedOtherwise = (description.match(/`policy_blocked`/g) ?? []).length > (stopped ? 1 : 0);
  for (const code of codes) {
    if (code === "policy_blocked") {
      if (blockedOtherwise) examples.policy_blocked = { value: errorExample(code) };
      if (stopped)
        examples.bot_stopped = {
          value: errorExample(
            code,
            { reasons: ["bot_stopped"] },
            "This bot was stopped by a workspace admin: it can do nothing until resumed",
          ),
        };
    } else if (code === "deferred") {
      // The day's deferral where the answer says so; the request rate's wherever it is named.
      if (description.includes("rate_limit_day") || !description.includes("rate_limit_second"))
        examples.deferred = { value: errorExample(code) };
      if (description.includes("rate_limit_second"))
        examples.rate_limit_second = {
          value: errorExample(
            code,
            { reasons: ["rate_limit_second"], retry_after: 1 },
            "Deferred: the bot is over its request rate (10 a second, bursts of 30); retry after 1 s",
          ),
        };
    } else examples[code] = { value: errorExample(code) };
  }
  return examples;
}

const envelope = (type: EventType, data: unknown, id = IDS.delivery) => ({
  id,
  type,
  created_at: AT,
  bot_id: IDS.bot,
  data,
});

/** One envelope per event type, as the bot `booking-bot` receives it. */
export const WEBHOOK_EXAMPLES: Record<EventType, unknown> = {
  "message.created": envelope("message.created", {
    conversation_id: IDS.conversation,
    message: {
      id: IDS.personMessage,
      seq: 7,
      body: "@booking-bot can you book a table for 4 on Friday, 19:30?",
      sender: { type: "human", handle: "ana" },
      mentioned: true,
    },
  }),
  "message.received": envelope("message.received", {
    conversation_id: IDS.conversation,
    message_id: IDS.botMessage,
    action: { type: "form.submit", action_key: "book", values: { day: "2031-03-21", people: 4 } },
    user: { type: "human", handle: "ana" },
  }),
  "conversation.bot_added": envelope("conversation.bot_added", {
    conversation_id: IDS.conversation,
    added_by: { type: "human", handle: "ana" },
  }),
  "draft.approved": envelope("draft.approved", {
    conversation_id: IDS.conversation,
    draft_id: IDS.draft,
    edited: true,
    approved_by: { handle: "ana" },
    message: { id: IDS.botMessage, seq: 8, body: "Shall I book Friday at 19:30 for 4, by the window?" },
  }),
  "draft.expired": envelope("draft.expired", {
    conversation_id: IDS.conversation,
    draft_id: IDS.draft,
    origin: "draft",
    expired_at: AT,
  }),
  "draft.rejected": envelope("draft.rejected", {
    conversation_id: IDS.conversation,
    draft_id: IDS.draft,
    rejected_by: { handle: "ana" },
  }),
  "follow_up.cancelled": envelope("follow_up.cancelled", {
    conversation_id: IDS.conversation,
    draft_id: IDS.draft,
    reason: "reply",
  }),
  "agent_request.created": envelope("agent_request.created", {
    agent_request: { ...AGENT_REQUEST, status: "awaiting_response", response: null, answered_at: null },
  }),
  "agent_request.answered": envelope("agent_request.answered", { agent_request: AGENT_REQUEST }),
  "contact.erased": envelope("contact.erased", { contact: { id: IDS.contact }, conversation_ids: [IDS.conversation] }),
  "person.erased": envelope("person.erased", { person: { id: IDS.person }, conversation_ids: [IDS.conversation] }),
  "workspace.erased": envelope("workspace.erased", {
    workspace: { id: IDS.workspace },
    conversation_ids: [IDS.conversation],
  }),
  ping: envelope("ping", {}),
};

/** One event of GET /events/stream (the document describes a stream by one event): a sample `message.received`. */
export function eventStreamExample() {
  const delivery = {
    seq: "1042",
    delivery_id: IDS.delivery,
    event_type: "message.received",
    test: true,
    body: JSON.stringify(WEBHOOK_EXAMPLES["message.received"]),
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "Relay-Webhooks/1.0",
      "X-Service-Event": "message.received",
      "X-Service-Timestamp": "1931938013",
      "X-Service-Signature": "sha256=5d1f0c3b9e7a2d4c6b8a0f1e3d5c7b9a1f3e5d7c9b1a3f5e7d9c1b3a5f7e9d1c",
      "X-Service-Delivery": IDS.delivery,
      "webhook-id": IDS.delivery,
      "webhook-timestamp": "1931938013",
      "webhook-signature": "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
      "X-Relay-Test": "true",
    },
  };
  return { id: "1042", event: "delivery", data: delivery };
}
