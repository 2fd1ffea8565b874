import type { Task } from "graphile-worker";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";

/** graphile-worker task `deliver_webhook`: one attempt of one delivery. HTTP failures are results, not errors:
 * attemptDelivery records them and schedules the next try itself, on the schedule of
 * docs/api-contract.md#delivery-and-retries. */
export const deliverWebhook: Task = async (payload) => {
  const { delivery_id } = payload as { delivery_id: string };
  await attemptDelivery(delivery_id);
};
