import { botRoute } from "@/lib/http/bot-route";
import { listenStream } from "@/lib/http/listen-stream";
import { notAllowed } from "@/lib/http/not-allowed";
import { eventStreamExample } from "@/lib/openapi/examples";
import { eventStreamOf } from "@/lib/openapi/operation";
import { BotEventStream, EventStreamHeaders, EventStreamQuery } from "@/lib/schemas/events";

// `relay listen`'s stream (docs/decisions/039-relay-listen.md): the bot's deliveries as server-sent events, each with
// the body and the signed headers of a real delivery, for the CLI to forward to a local URL.
export const dynamic = "force-dynamic";

export const GET = botRoute(
  {
    operation: {
      method: "get",
      path: "/events/stream",
      operationId: "streamEvents",
      tags: ["Webhooks"],
      summary: "Stream the bot's events as server-sent events (what `relay listen` forwards to a local URL)",
      description:
        "Opens a stream of the bot's deliveries as they are committed (`text/event-stream`): a `ready` event, then one `delivery` event per delivery, whose `id` is its place in the stream and whose `data` carries the exact body and the headers of a real delivery, signed now with the bot's signing secrets, so a local receiver verifies it as a real one. While it is open, the bot hears events even without a webhook URL, and real deliveries go on unless `only=true`. Reconnect with `Last-Event-ID` (or `after`) to resume: the events since come first, a few may come again (deduplicate on `id`). No public URL needed: `npm run cli -- listen` and the SDK's `relay listen` use it.",
      requestHeaders: EventStreamHeaders,
      responses: {
        200: eventStreamOf(BotEventStream, {
          description: "The stream: `ready`, then a `delivery` per delivery, until the client goes away",
          example: eventStreamExample(),
        }),
      },
    },
    query: EventStreamQuery,
  },
  async ({ bot, query, request }) => ({ status: 200, stream: listenStream(bot, { request, query }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
