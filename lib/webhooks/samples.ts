import { randomUUID } from "node:crypto";
import type { EventType } from "./event-types";

// A realistic `data` for every event type, as lib/webhooks/events.ts writes it for a real event (the shapes of
// lib/schemas/webhook-events.ts: lib/webhooks/listen.int.test.ts parses each one strictly), for `relay trigger`
// (lib/webhooks/trigger-event.ts). Its ids are fresh random ones that name nothing: a sample happened nowhere, so a
// bot that answers it (sends to its conversation, responds to its agent request) is answered 404. It comes with the
// header X-Relay-Test: true (lib/webhooks/signed-request.ts).

export interface SampleBot {
  id: string;
  handle: string;
}

export interface Sample {
  data: Record<string, unknown>;
  /** Handles its message @-names (message.created): the bot's own, so `mentioned` is true. */
  mentions: string[];
}

const hoursFrom = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

export function sampleEvent(type: EventType, { bot, now = new Date() }: { bot: SampleBot; now?: Date }): Sample {
  const conversation_id = randomUUID();
  const draft_id = randomUUID();
  const person = { type: "human" as const, handle: "ana" };
  const agentRequest = (answered: boolean) => ({
    id: randomUUID(),
    from: answered ? { bot_id: bot.id, handle: bot.handle } : { bot_id: randomUUID(), handle: "concierge" },
    to: answered ? { bot_id: randomUUID(), handle: "concierge" } : { bot_id: bot.id, handle: bot.handle },
    type: "availability",
    question: "Is there a table for 4 on Friday at 19:30?",
    status: answered ? "answered" : "awaiting_response",
    reasons: [],
    response: answered ? { body: "Yes: booked for Friday at 19:30.", attachment: null } : null,
    created_at: hoursFrom(now, -1),
    answered_at: answered ? now.toISOString() : null,
    expires_at: hoursFrom(now, 71),
  });
  const data: Record<EventType, Record<string, unknown>> = {
    "message.created": {
      conversation_id,
      message: {
        id: randomUUID(),
        seq: 7,
        body: `@${bot.handle} can you book a table for 4 on Friday, 19:30?`,
        sender: person,
        mentioned: true,
      },
    },
    "message.received": {
      conversation_id,
      message_id: randomUUID(),
      action: { type: "form.submit", action_key: "book", values: { day: "2031-03-21", people: 4 } },
      user: person,
    },
    "conversation.bot_added": { conversation_id, added_by: person },
    "draft.approved": {
      conversation_id,
      draft_id,
      edited: false,
      approved_by: { handle: "ana" },
      message: { id: randomUUID(), seq: 8, body: "Booked: Friday at 19:30 for 4." },
    },
    "draft.expired": { conversation_id, draft_id, origin: "draft", expired_at: now.toISOString() },
    "draft.rejected": { conversation_id, draft_id, rejected_by: { handle: "ana" } },
    "follow_up.cancelled": { conversation_id, draft_id, reason: "reply" },
    "agent_request.created": { agent_request: agentRequest(false) },
    "agent_request.answered": { agent_request: agentRequest(true) },
    "contact.erased": { contact: { id: randomUUID() }, conversation_ids: [conversation_id] },
    "person.erased": { person: { id: randomUUID() }, conversation_ids: [conversation_id] },
    "workspace.erased": { workspace: { id: randomUUID() }, conversation_ids: [conversation_id] },
    ping: {},
  };
  return { data: data[type], mentions: type === "message.created" ? [bot.handle] : [] };
}
