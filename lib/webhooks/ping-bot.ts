import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireBotManager } from "@/lib/bots/require-bot-manager";
import type { Actor } from "@/lib/people/actor";
import { attemptDelivery } from "./attempt-delivery";

/**
 * Sends a `ping` to the bot's webhook now and answers with the result: the portal's "Send test ping" and the CLI's
 * `bot ping`. The ping is a delivery like any other (listed, inspectable, replayable) but is attempted here, in
 * the request, and never retried: a developer testing their endpoint wants the answer, not a schedule.
 */
export async function pingBot(actor: Actor, botId: string) {
  const bot = await requireBotManager(actor, { client: db(), botId });
  if (!bot.webhookUrl) throw new ApiError("invalid_body", "Set the bot's webhook URL before sending a ping");
  const eventId = randomUUID();
  const deliveryId = randomUUID(); // the envelope's id, as for every delivery (emit-event.ts)
  const createdAt = new Date();
  const delivery = await db().webhookDelivery.create({
    data: {
      id: deliveryId,
      eventId,
      eventType: "ping",
      botId,
      workspaceId: bot.workspaceId,
      payload: { id: deliveryId, type: "ping", created_at: createdAt.toISOString(), bot_id: bot.id, data: {} },
      nextAttemptAt: createdAt,
      createdAt,
    },
  });
  const outcome = await attemptDelivery(delivery.id);
  if (!outcome) throw new ApiError("internal_error", "The ping could not be attempted");
  return {
    delivery_id: delivery.id,
    event_id: eventId,
    status: outcome.status === "succeeded" ? ("succeeded" as const) : ("failed" as const),
    response_status: outcome.response_status,
    duration_ms: outcome.duration_ms,
    error: outcome.error,
  };
}
