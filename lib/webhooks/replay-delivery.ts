import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireBotManager } from "@/lib/bots/require-bot-manager";
import { prismaSql } from "@/lib/db/sql";
import type { Actor } from "@/lib/people/actor";
import { ENQUEUE_FROM } from "./emit-event";
import { serializeDelivery, type DeliverySummary } from "./serialize-delivery";

// A replay sends a delivery again now: same event id, same delivery id, signed afresh with the current secret(s)
// and a new timestamp (docs/api-contract.md#delivery-and-retries). It starts the retry schedule over, so a replay
// into a receiver that is still down keeps trying. Replaying a pending delivery brings its next attempt forward.

const MAX_BULK_REPLAY = 1000;

const REPLAY = (where: string) => `
  WITH replayed AS (
    UPDATE webhook_deliveries
       SET status = 'pending', round_attempt_count = 0, replayed_at = $1, next_attempt_at = $1, completed_at = NULL
     WHERE ${where}
    RETURNING id
  )
  ${ENQUEUE_FROM("replayed")}`;

export async function replayDelivery(actor: Actor, id: string): Promise<DeliverySummary> {
  const deliveryId = requireUuid(id, "Delivery");
  const delivery = await db().webhookDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery) throw new ApiError("not_found", "Delivery not found");
  const bot = await requireBotManager(db(), actor, delivery.botId);
  return db().$transaction(async (tx) => {
    await prismaSql(tx).query(REPLAY("id = $2::uuid"), [new Date(), deliveryId]);
    await recordAudit(tx, { workspaceId: bot.workspaceId, actor, action: "webhook.replayed", subjectType: "bot", subjectId: bot.id, data: { delivery_id: deliveryId } });
    return serializeDelivery(await tx.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } }));
  });
}

/** Replays every failed delivery of the bot created in [from, to], at most 1000 at a time (oldest first). */
export async function replayFailedDeliveries(actor: Actor, botId: string, range: { from: Date; to: Date }) {
  if (Number.isNaN(range.from.getTime()) || Number.isNaN(range.to.getTime()) || range.from > range.to) {
    throw new ApiError("invalid_body", "Give a time range: from must be a valid time no later than to");
  }
  const bot = await requireBotManager(db(), actor, botId);
  return db().$transaction(async (tx) => {
    const ids = await prismaSql(tx).query<{ id: string }>(
      `SELECT id FROM webhook_deliveries WHERE bot_id = $1::uuid AND status = 'failed' AND created_at BETWEEN $2 AND $3
        ORDER BY created_at LIMIT ${MAX_BULK_REPLAY} FOR UPDATE`,
      [botId, range.from, range.to],
    );
    const deliveryIds = ids.map((row) => row.id);
    if (deliveryIds.length) await prismaSql(tx).query(REPLAY("id = ANY ($2::uuid[])"), [new Date(), deliveryIds]);
    await recordAudit(tx, {
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
