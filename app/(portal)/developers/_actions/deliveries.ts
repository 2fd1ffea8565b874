"use server";

import { ApiError } from "@/lib/errors";
import type { ReplayRangeValues } from "@/lib/forms/form-state";
import { DeliveryListQuery, ReplayRangeForm } from "@/lib/schemas/bots";
import { readingUpToNow } from "@/lib/db/replicas";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { replayDelivery, replayFailedDeliveries } from "@/lib/webhooks/replay-delivery";
import type { DeliverySummary } from "@/lib/webhooks/serialize-delivery";
import { formAction, plainAction } from "@/app/_lib/action";

// The delivery pages' actions (app/_lib/action.ts says how every action answers).

/** The next page of a bot's deliveries under the same filters ("Load more"). */
export const loadMoreDeliveries = plainAction((botId: string, query: Record<string, string>, cursor: string) => ({
  path: `/developers/bots/${botId}/deliveries`,
  args: { ...query, cursor },
  run: async (actor): Promise<{ data: DeliverySummary[]; next_cursor: string | null } | { error: string }> => {
    const filters = DeliveryListQuery.safeParse(query);
    if (!filters.success) throw new ApiError("invalid_body", "The filters are not valid");
    const { event_type, ...rest } = filters.data;
    return readingUpToNow(() => listDeliveries(actor, { botId, ...rest, eventType: event_type, cursor }));
  },
  refused: (error) => ({ error: error.message }),
}));

export const replayFailedInRange = formAction((botId: string) => ({
  path: `/developers/bots/${botId}/deliveries`,
  read: (form): ReplayRangeValues => ({ from: form.text("from"), to: form.text("to") }),
  schema: ReplayRangeForm,
  fields: ["from", "to"],
  run: async (actor, range, values) => {
    const { replayed } = await replayFailedDeliveries(actor, { botId, ...range });
    return { values, result: { replayed } };
  },
}));

export const replayOne = formAction((deliveryId: string) => ({
  path: `/developers/deliveries/${deliveryId}`,
  run: async (actor) => {
    const delivery = await replayDelivery(actor, deliveryId);
    return { result: { status: delivery.status } };
  },
}));
