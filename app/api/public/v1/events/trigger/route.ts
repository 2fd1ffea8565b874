import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { error, json } from "@/lib/openapi/operation";
import { TriggerEventRequest, TriggeredEvent } from "@/lib/schemas/events";
import { triggerEvent } from "@/lib/webhooks/trigger-event";

// `relay trigger TYPE` (docs/decisions/039-relay-listen.md): a realistic sample of an event, sent to the bot through
// the path real events take. No Idempotency-Key: a retried trigger sends one more sample, which is what a test wants.
export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/events/trigger",
      operationId: "triggerEvent",
      tags: ["Webhooks"],
      summary: "Send the bot a sample event of a type (what `relay trigger` does)",
      description:
        "Makes a realistic sample of the event type and sends it to the bot the way real events go: a delivery to its webhook URL (signed, retried) and to any open event stream (`relay listen`), whatever the bot subscribed to. Its ids are fresh and name nothing; it carries the header `X-Relay-Test: true`. 409 `conflict` when nothing would receive it (no webhook URL and no stream open). No `Idempotency-Key`: each call sends one more sample.",
      responses: {
        202: json(TriggeredEvent, { description: "The sample's delivery, on its way" }),
        409: error("`conflict`: the bot has no webhook URL and no event stream is open"),
      },
    },
    body: TriggerEventRequest,
  },
  async ({ bot, body }) => reply(202, { body: { data: await triggerEvent(bot, body) } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
