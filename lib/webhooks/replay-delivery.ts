import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { requireBotManager } from "@/lib/bots/require-bot-manager";
import { query, transaction } from "@/lib/db/sql";
import type { Actor } from "@/lib/people/actor";
import { ENQUEUE_FROM } from "./emit-event";
import { serializeDelivery, type DeliverySummary } from "./serialize-delivery";

// A replay sends a delivery again now: same event id, same delivery id, signed afresh with the current secret(s)
// and a new timestamp (docs/api-contract.md#delivery-and-retries). It starts the retry schedule over, so a replay
// into a receiver that is still down keeps trying. Replaying a pending delivery brings its next attempt forward.
//
// Two steps each: who may replay is the bot's managers (requireBotManager, the Prisma check every bot setting
// shares), read first; the replay enqueues delivery jobs, so it is one SQL transaction (docs/decisions/005).

const MAX_BULK_REPLAY = 1000;

const REPLAY = (where: string) => `
  WITH replayed AS (
    UPDATE webhook_deliveries
       SET status = 'pending', round_attempt_count = 0, replayed_at = $1, next_attempt_at = $1, completed_at = NULL
     WHERE ${where}
    RETURNING id
  )
  ${ENQUEUE_FROM("replayed")}`;
const REPLAY_ONE = query("webhooks.replayOne", { text: REPLAY("id = $2::uuid") });
const REPLAY_MANY = query("webhooks.replayMany", { text: REPLAY("id = ANY ($2::uuid[])") });

const FAILED_IN_RANGE = query("webhooks.lockFailedInRange", {
  text: `SELECT id FROM webhook_deliveries
  WHERE bot_id = $1::uuid AND status = 'failed' AND created_at BETWEEN $2 AND $3 AND NOT (payload ? 'erased')
  ORDER BY created_at LIMIT ${MAX_BULK_REPLAY} FOR UPDATE`,
});

/** The delivery as a summary shows it, its columns named as the Prisma model names them (a DeliveryRecord). */
const DELIVERY = query("webhooks.delivery", {
  text: `SELECT id, event_id AS "eventId", event_type AS "eventType", status, attempt_count AS "attemptCount",
       last_response_status AS "lastResponseStatus", last_error AS "lastError", next_attempt_at AS "nextAttemptAt",
       created_at AS "createdAt", completed_at AS "completedAt", conversation_id AS "conversationId"
  FROM webhook_deliveries WHERE id = $1`,
});

export async function replayDelivery(actor: Actor, id: string): Promise<DeliverySummary> {
  const deliveryId = requireUuid(id, "Delivery");
  const delivery = await db().webhookDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery) throw new ApiError("not_found", "Delivery not found");
  const bot = await requireBotManager(actor, { client: db(), botId: delivery.botId });
  // An erasure (lib/privacy/) kept the envelope's ids and removed the rest: nothing is left to send.
  if ((delivery.payload as { erased?: unknown }).erased === true)
    throw new ApiError("conflict", "This delivery's content was erased (a contact's erasure): it cannot be sent again");
  return transaction(async (tx) => {
    await tx.query(REPLAY_ONE, [new Date(), deliveryId]);
    await recordAuditSql(tx, { workspaceId: bot.workspaceId, actor, action: "webhook.replayed", subjectType: "bot", subjectId: bot.id, data: { delivery_id: deliveryId } });
    const [replayed] = await tx.query(DELIVERY, [deliveryId]);
    return serializeDelivery(replayed!);
  });
}

export interface ReplayFailedDeliveriesOptions {
  botId: string;
  /** The first creation time replayed. */
  from: Date;
  /** The last creation time replayed. */
  to: Date;
}

/** Replays every failed delivery of the bot created in [from, to], at most 1000 at a time (oldest first). */
export async function replayFailedDeliveries(actor: Actor, { botId, ...range }: ReplayFailedDeliveriesOptions) {
  if (Number.isNaN(range.from.getTime()) || Number.isNaN(range.to.getTime()) || range.from > range.to) {
    throw new ApiError("invalid_body", "Give a time range: from must be a valid time no later than to");
  }
  const bot = await requireBotManager(actor, { client: db(), botId });
  return transaction(async (tx) => {
    const ids = await tx.query(FAILED_IN_RANGE, [botId, range.from, range.to]);
    const deliveryIds = ids.map((row) => row.id);
    if (deliveryIds.length) await tx.query(REPLAY_MANY, [new Date(), deliveryIds]);
    await recordAuditSql(tx, {
      workspaceId: bot.workspaceId,
      actor,
      action: "webhook.replayed_failed",
      subjectType: "bot",
      subjectId: bot.id,
      data: { from: range.from.toISOString(), to: range.to.toISOString(), count: deliveryIds.length },
    });
    return { replayed: deliveryIds.length, delivery_ids: deliveryIds };
  });
}
