import { z } from "zod";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { Uuid } from "./common";

// `relay listen` and `relay trigger` (docs/decisions/039-relay-listen.md): a bot's events streamed to a developer's
// laptop (GET /events/stream, server-sent events) and a sample event on demand (POST /events/trigger). One schema per
// resource: the routes validate with these, the OpenAPI document describes them, the SDK's types come from it.

/** A position in a bot's event stream: the SSE `id`, a whole number. */
const StreamPosition = z
  .string()
  .regex(/^\d{1,18}$/, "must be a stream position: the `id` of an event this stream sent (digits)");

export const EventStreamQuery = z.strictObject({
  after: StreamPosition.optional().meta({
    example: "1042",
    description:
      "Resume after this event: the `id` of the last event received (the `Last-Event-ID` header says the same and " +
      "wins). The events since, of the last 24 hours, come first, then the live ones; a few just before it may come " +
      "again (deduplicate on `id`). Absent: from now on, with no backlog",
  }),
  only: z
    .enum(["true", "false"])
    .default("false")
    .meta({
      description:
        "`true`: while the stream is open, deliveries to the bot's webhook URL are held back (each fails with " +
        "`held back: relay listen --only`, replayable later); `false` (the default): they go on as usual",
    }),
});
export type EventStreamInput = z.output<typeof EventStreamQuery>;

/** `Last-Event-ID`, as an EventSource sends it on reconnecting: the same as `after`, and preferred to it. */
export const EventStreamHeaders = z.object({
  "Last-Event-ID": StreamPosition.optional().meta({
    description:
      "Resume after this event (the `id` of the last one received), as an EventSource sends it when it " +
      "reconnects; wins over `after`",
    example: "1042",
  }),
});

/** The `data` of a `delivery` event: a delivery of the bot, to POST to the local URL as it is. */
export const StreamedDelivery = z
  .object({
    seq: z.string().meta({ description: "Its place in the bot's stream, the event's `id`" }),
    delivery_id: Uuid.meta({ description: "The delivery's id: the envelope's `id`, `webhook-id`" }),
    event_type: z.enum(EVENT_TYPES),
    test: z.boolean().meta({ description: "A sample made by `POST /events/trigger` (header `X-Relay-Test: true`)" }),
    body: z.string().meta({ description: "The raw JSON body, exactly the bytes the signatures cover" }),
    headers: z.record(z.string(), z.string()).meta({
      description:
        "The headers of a real delivery (`X-Service-*` and `webhook-*`), signed now with the bot's live signing " +
        "secrets: forward them with the body and the receiver verifies it as a real one",
    }),
  })
  .meta({ id: "StreamedDelivery" });

/** The `data` of the `ready` event, sent first. */
export const StreamReady = z
  .object({
    after: z.string().meta({ description: "Where this stream starts (the cursor it resumes after)" }),
    only: z.boolean(),
    lease_seconds: z.number().int().meta({ description: "The listen lease, renewed while the stream is open" }),
  })
  .meta({ id: "StreamReady" });

/**
 * The stream, one event at a time (the schema of each event, by the OpenAPI convention for `text/event-stream`):
 * `ready` first, then a `delivery` per delivery of the bot, each with its `id`.
 */
export const BotEventStream = z
  .object({
    id: z.string().optional().meta({ description: "The event's stream position (a `delivery`'s `seq`)" }),
    event: z.enum(["ready", "delivery"]),
    data: z.union([StreamedDelivery, StreamReady]).meta({ description: "One line of JSON" }),
  })
  .meta({
    id: "BotEventStream",
    description:
      "Server-sent events. `ready` once the stream is set up (`data`: StreamReady), then one `delivery` per delivery " +
      "of the bot (`data`: StreamedDelivery). A comment line every 25 s keeps it open.",
  });

export const TriggerEventRequest = z
  .strictObject({
    type: z.enum(EVENT_TYPES).meta({ description: "The event type to send a sample of (any, subscribed or not)" }),
  })
  .meta({ id: "TriggerEventRequest" });
export type TriggerEventInput = z.output<typeof TriggerEventRequest>;

export const TriggeredEvent = z
  .object({
    data: z.object({
      delivery_id: Uuid.meta({ description: "The sample's delivery: the envelope's `id`" }),
      event_id: Uuid,
      type: z.enum(EVENT_TYPES),
      test: z.literal(true),
    }),
  })
  .meta({ id: "TriggeredEvent" });
