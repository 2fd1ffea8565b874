import { db } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { ApiError } from "@/lib/errors";
import { requireBotManager } from "@/lib/bots/require-bot-manager";
import type { Actor } from "@/lib/people/actor";
import type { Prisma } from "@/lib/generated/prisma/client";
import { EVENT_TYPES } from "./event-types";
import { serializeDelivery, type DeliverySummary } from "./serialize-delivery";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "@/lib/limits";

export interface DeliveryFilters {
  eventType?: string;
  status?: "pending" | "succeeded" | "failed";
  from?: Date;
  to?: Date;
  limit?: number;
  cursor?: string;
}

const STATUSES = ["pending", "succeeded", "failed"];

export interface ListDeliveriesOptions extends DeliveryFilters {
  botId: string;
}

/** A bot's deliveries, newest first, filtered by event type, status and creation time; keyset pagination. */
export async function listDeliveries(
  actor: Actor,
  { botId, ...filters }: ListDeliveriesOptions,
): Promise<{ data: DeliverySummary[]; next_cursor: string | null }> {
  await requireBotManager(actor, { client: db(), botId });
  const limit = filters.limit ?? PAGE_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMIT_MAX)
    throw new ApiError("invalid_body", `limit must be 1 to ${PAGE_LIMIT_MAX}`);
  if (filters.eventType && !(EVENT_TYPES as readonly string[]).includes(filters.eventType)) {
    throw new ApiError("invalid_body", `Unknown event type ${filters.eventType}; known: ${EVENT_TYPES.join(", ")}`);
  }
  if (filters.status && !STATUSES.includes(filters.status))
    throw new ApiError("invalid_body", `status must be one of ${STATUSES.join(", ")}`);
  for (const date of [filters.from, filters.to])
    if (date && Number.isNaN(date.getTime())) throw new ApiError("invalid_body", "from and to must be valid times");

  const after = filters.cursor ? decodeCursor(filters.cursor) : null;
  const where: Prisma.WebhookDeliveryWhereInput = {
    botId,
    ...(filters.eventType ? { eventType: filters.eventType } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from || filters.to
      ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lte: filters.to } : {}) } }
      : {}),
    ...(after
      ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
      : {}),
  };
  const rows = await readDb().webhookDelivery.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(serializeDelivery),
    next_cursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

function encodeCursor(createdAt: Date, id: string) {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
}

function decodeCursor(cursor: string) {
  const [time, id] = Buffer.from(cursor, "base64url").toString().split("|");
  const createdAt = new Date(time ?? "");
  if (!id || Number.isNaN(createdAt.getTime())) throw new ApiError("invalid_body", "The cursor is not valid");
  return { createdAt, id };
}
