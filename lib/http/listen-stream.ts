import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { EventStreamHeaders, type EventStreamInput } from "@/lib/schemas/events";
import { validate } from "@/lib/schemas/validate";
import { streamBotEvents } from "@/lib/webhooks/stream-bot-events";
import { eventStream } from "./sse";

/**
 * GET /events/stream's answer: the bot's deliveries as server-sent events (lib/webhooks/stream-bot-events.ts), a
 * `ready` event first, then one `delivery` event per delivery with its stream position as `id`. A reconnecting
 * client resumes after `Last-Event-ID` (checked like the query's `after`, which it wins over).
 */
export function listenStream(bot: BotPrincipal, { request, query }: { request: Request; query: EventStreamInput }) {
  const headers = validate(EventStreamHeaders, {
    input: { "Last-Event-ID": request.headers.get("last-event-id") ?? undefined },
    what: "Headers",
  });
  const after = headers["Last-Event-ID"] ?? query.after ?? null;
  return eventStream(request, (send, end) =>
    streamBotEvents(bot, {
      after,
      only: query.only === "true",
      started: (start) => send(start, { event: "ready", id: start.after }),
      send: (delivery) => send(delivery, { event: "delivery", id: delivery.seq }),
      lost: end,
    }),
  );
}
