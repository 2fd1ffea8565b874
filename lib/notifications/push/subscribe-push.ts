import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import type { PersonActor } from "@/lib/people/actor";
import type { PushSubscriptionInput } from "@/lib/schemas/push";
import { deviceLabel } from "./device-label";
import { validateBrowserKey, validatePushEndpoint } from "./validate-push-endpoint";

/** Devices one person may have at once; subscribing another forgets the one that went longest without a push. */
export const MAX_DEVICES_PER_PERSON = 20;

export interface PushDevice {
  id: string;
  label: string;
  created_at: string;
  last_success_at: string | null;
}

interface SubscribePushOptions {
  subscription: PushSubscriptionInput;
  /** The browser's User-Agent header, from which the device's label is made. */
  userAgent: string | null;
}

/**
 * Turns notifications on for this person on the browser that sent `subscription`. The endpoint names the browser:
 * subscribing it again updates its keys, and a browser another person had turned on now notifies this one (the
 * person signed in on it last). At most MAX_DEVICES_PER_PERSON per person: each is a URL every notification is
 * POSTed to, so a person cannot make the server post to a thousand addresses of their choosing. Another person's
 * endpoint with other keys is 409 `conflict`: only the browser that holds the subscription may move it.
 */
export async function subscribePush(
  actor: PersonActor,
  { subscription, userAgent }: SubscribePushOptions,
): Promise<PushDevice> {
  const endpoint = await validatePushEndpoint(subscription.endpoint);
  validateBrowserKey(subscription.keys.p256dh);
  const label = deviceLabel(userAgent);
  const row = await db().$transaction(async (tx) => {
    const held = await tx.pushSubscription.findUnique({ where: { endpoint }, select: { userId: true, p256dh: true, auth: true } });
    if (held && held.userId !== actor.userId && (held.p256dh !== subscription.keys.p256dh || held.auth !== subscription.keys.auth)) {
      // Only the browser itself can move its subscription to another person: it alone knows its keys (the auth
      // secret never leaves it but to us). Knowing someone's endpoint is not enough to silence their device.
      throw new ApiError("conflict", "This endpoint is subscribed with other keys; the browser must subscribe anew");
    }
    const saved = await tx.pushSubscription.upsert({
      where: { endpoint },
      create: { userId: actor.userId, endpoint, ...subscription.keys, userAgent: label },
      update: { userId: actor.userId, ...subscription.keys, userAgent: label, createdAt: new Date(), lastSuccessAt: null },
    });
    // Beyond the limit, the others that never took a push go first, then those idle the longest.
    const surplus = await tx.pushSubscription.findMany({
      where: { userId: actor.userId, id: { not: saved.id } },
      orderBy: [{ lastSuccessAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
      skip: MAX_DEVICES_PER_PERSON - 1,
      select: { id: true },
    });
    if (surplus.length) await tx.pushSubscription.deleteMany({ where: { id: { in: surplus.map((s) => s.id) } } });
    return saved;
  });
  return {
    id: row.id,
    label: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
  };
}
