import { ApiError } from "@/lib/errors";

// The events a bot can receive (docs/api-contract.md#events). Core events are on for a new bot; extension events
// are opted into in the portal. A `ping` is a connectivity test and always goes, whatever the bot subscribed to.

export const CORE_EVENT_TYPES = [
  "message.created",
  "message.received",
  "conversation.bot_added",
  "draft.approved",
  "draft.expired",
] as const;
export const EXTENSION_EVENT_TYPES = [
  "draft.rejected",
  "follow_up.cancelled",
  "agent_request.created",
  "agent_request.answered",
] as const;
export const SUBSCRIBABLE_EVENT_TYPES = [...CORE_EVENT_TYPES, ...EXTENSION_EVENT_TYPES] as const;
/** Sent to every bot that read the subject, whatever it subscribed to (issue 38): ids only, so it erases its copies. */
export const PRIVACY_EVENT_TYPES = ["contact.erased", "person.erased", "workspace.erased"] as const;
export const EVENT_TYPES = [...SUBSCRIBABLE_EVENT_TYPES, ...PRIVACY_EVENT_TYPES, "ping"] as const;

/** A privacy event goes to a stopped bot too: it may still hold copies of what it read. */
export const isPrivacyEvent = (type: string) => (PRIVACY_EVENT_TYPES as readonly string[]).includes(type);

export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  "message.created": "A person posted in a conversation the bot is authorized in",
  "message.received": "A person clicked a card action or submitted a form of the bot's",
  "conversation.bot_added": "A person added the bot to a conversation",
  "draft.approved": "A person approved the bot's draft or held message",
  "draft.expired": "The bot's draft or held message expired without a decision",
  "draft.rejected": "A person rejected the bot's draft or held message (extension)",
  "follow_up.cancelled": "A scheduled follow-up was cancelled by a reply or STOP (extension)",
  "agent_request.created": "Another bot asked this bot a question (extension)",
  "agent_request.answered": "A bot answered this bot's question (extension)",
  "contact.erased":
    "An admin erased a contact this bot read: delete what you keep about it (always sent, whatever the bot subscribed to)",
  "person.erased":
    "An admin erased a person from the workspace: delete what you keep of what they wrote (always sent, whatever the bot subscribed to)",
  "workspace.erased":
    "The workspace was deleted: delete everything you keep from it (always sent, whatever the bot subscribed to)",
  ping: "Connectivity test from the portal or the CLI",
};

export function isSubscribable(value: string): value is SubscribableEventType {
  return (SUBSCRIBABLE_EVENT_TYPES as readonly string[]).includes(value);
}

/** A bot's subscriptions as given by a person: known event names, without duplicates. */
export function validateEventTypes(values: string[]): SubscribableEventType[] {
  const unknown = values.filter((value) => !isSubscribable(value));
  if (unknown.length) {
    throw new ApiError(
      "invalid_body",
      `Unknown event type(s): ${unknown.join(", ")}; known: ${SUBSCRIBABLE_EVENT_TYPES.join(", ")}`,
      { field: "event_types" },
    );
  }
  return [...new Set(values)] as SubscribableEventType[];
}
