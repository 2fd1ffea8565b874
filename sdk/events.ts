// The webhook events Relay sends, as types generated from the OpenAPI document's `webhooks` section
// (lib/schemas/webhook-events.ts is their one source; `npm run sdk:types` regenerates api-types.ts). Every event
// shares one envelope: `id` is this bot's delivery of the event, stable across retries and replays (deduplicate on
// it), `bot_id` the bot it is for (several bots may share one URL), and `data` holds the shared ids.

import type { components, webhooks } from "./api-types.js";

type Schemas = components["schemas"];

/** Every event type a bot can receive. */
export type WebhookEventType = keyof webhooks;

/** The body Relay POSTs for one event type. */
export type WebhookEventOf<T extends WebhookEventType> = NonNullable<
  webhooks[T]["post"]
>["requestBody"]["content"]["application/json"];

/** Narrow on `type`: `if (event.type === "message.created") event.data.message.body`. */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

/** The fields every event has; `data` depends on `type`. */
export type WebhookEnvelope<T extends WebhookEventType = WebhookEventType, D = WebhookEventOf<T>["data"]> = Omit<
  WebhookEventOf<T>,
  "type" | "data"
> & { type: T; data: D };

export type MessageCreatedEvent = WebhookEventOf<"message.created">;
export type MessageReceivedEvent = WebhookEventOf<"message.received">;
export type BotAddedEvent = WebhookEventOf<"conversation.bot_added">;
export type DraftApprovedEvent = WebhookEventOf<"draft.approved">;
export type DraftRejectedEvent = WebhookEventOf<"draft.rejected">;
export type DraftExpiredEvent = WebhookEventOf<"draft.expired">;
export type FollowUpCancelledEvent = WebhookEventOf<"follow_up.cancelled">;
export type AgentRequestCreatedEvent = WebhookEventOf<"agent_request.created">;
export type AgentRequestAnsweredEvent = WebhookEventOf<"agent_request.answered">;
export type ContactErasedEvent = WebhookEventOf<"contact.erased">;
export type PersonErasedEvent = WebhookEventOf<"person.erased">;
export type WorkspaceErasedEvent = WebhookEventOf<"workspace.erased">;
export type PingEvent = WebhookEventOf<"ping">;

export type MessageCreatedData = Schemas["MessageCreatedData"];
export type MessageReceivedData = Schemas["MessageReceivedData"];
export type BotAddedData = Schemas["ConversationBotAddedData"];
export type DraftApprovedData = Schemas["DraftApprovedData"];
export type DraftRejectedData = Schemas["DraftRejectedData"];
export type DraftExpiredData = Schemas["DraftExpiredData"];
export type FollowUpCancelledData = Schemas["FollowUpCancelledData"];
export type AgentRequestData = Schemas["AgentRequestEventData"];
export type ContactErasedData = Schemas["ContactErasedData"];
export type PersonErasedData = Schemas["PersonErasedData"];
export type WorkspaceErasedData = Schemas["WorkspaceErasedData"];
export type PingData = Schemas["PingData"];
export type Attachment = Schemas["WebhookAttachment"];
