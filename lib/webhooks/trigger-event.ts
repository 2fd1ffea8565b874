import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { emitTestToBot } from "./emit-event";
import type { EventType } from "./event-types";
import { sampleEvent } from "./samples";

/**
 * `relay trigger TYPE` (POST /events/trigger): a realistic sample of the event (lib/webhooks/samples.ts) goes to the
 * bot through the path real events take, emit → webhook_deliveries and its job → the webhook URL and any `relay
 * listen` stream, whatever the bot subscribed to; marked as a test (docs/decisions/039-relay-listen.md).
 */
export async function triggerEvent(bot: BotPrincipal, { type }: { type: EventType }) {
  const now = new Date();
  const sample = sampleEvent(type, { bot, now });
  const emitted = await emitTestToBot(sql(), {
    botId: bot.id,
    type,
    workspaceId: bot.workspaceId,
    conversationId: null,
    data: sample.data,
    mentions: sample.mentions,
    now,
  });
  if (!emitted)
    throw new ApiError(
      "conflict",
      "Nothing would receive it: the bot has no webhook URL and no `relay listen` stream is open (start one first)",
    );
  return { delivery_id: emitted.deliveryId, event_id: emitted.eventId, type, test: true as const };
}
