"use server";

import { refresh } from "next/cache";
import { currentActor } from "@/lib/auth/current-actor";
import { ApiError } from "@/lib/errors";
import { DeliveryListQuery, ReplayRangeForm } from "@/lib/schemas/bots";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { replayDelivery, replayFailedDeliveries } from "@/lib/webhooks/replay-delivery";
import type { DeliverySummary } from "@/lib/webhooks/serialize-delivery";
import type { FormState } from "@/lib/forms/form-state";
import { actionText, formText } from "@/app/_lib/form-text";
import { invalidForm, refusedForm } from "../_lib/form-errors";

/** The next page of a bot's deliveries under the same filters ("Load more"). */
export async function loadMoreDeliveries(
  botId: string,
  query: Record<string, string>,
  cursor: string,
): Promise<{ data: DeliverySummary[]; next_cursor: string | null } | { error: string }> {
  const actor = await currentActor(`/developers/bots/${botId}/deliveries`);
  try {
    for (const [name, value] of Object.entries(query)) actionText(String(value), name);
    actionText(cursor, "cursor");
    const filters = DeliveryListQuery.safeParse(query);
    if (!filters.success) return { error: "The filters are not valid" };
    const { event_type, ...rest } = filters.data;
    return await listDeliveries(actor, botId, { ...rest, eventType: event_type, cursor });
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}

export async function replayFailedInRange(
  botId: string,
  state: FormState<{ from: string; to: string }, { replayed: number }>,
  formData: FormData,
): Promise<FormState<{ from: string; to: string }, { replayed: number }>> {
  const actor = await currentActor(`/developers/bots/${botId}/deliveries`);
  const n = state.n + 1;
  let values: { from: string; to: string } | undefined;
  try {
    values = { from: formText(formData, "from"), to: formText(formData, "to") };
    const parsed = ReplayRangeForm.safeParse(values);
    if (!parsed.success) return invalidForm(n, values, parsed.error);
    const replayed = await replayFailedDeliveries(actor, botId, parsed.data);
    refresh();
    return { n, values, result: { replayed: replayed.replayed } };
  } catch (error) {
    return refusedForm(n, values, error, ["from", "to"]);
  }
}

export async function replayOne(
  deliveryId: string,
  state: FormState<Record<string, never>, { status: string }>,
): Promise<FormState<Record<string, never>, { status: string }>> {
  const actor = await currentActor(`/developers/deliveries/${deliveryId}`);
  const n = state.n + 1;
  try {
    const delivery = await replayDelivery(actor, deliveryId);
    refresh();
    return { n, result: { status: delivery.status } };
  } catch (error) {
    return refusedForm(n, {}, error, []);
  }
}
