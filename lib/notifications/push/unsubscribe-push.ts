import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { PersonActor } from "@/lib/people/actor";

/**
 * Turns notifications off on one of this person's browsers. Another person's endpoint answers exactly like one that
 * was never subscribed: 404, nothing changed.
 */
export async function unsubscribePush(actor: PersonActor, endpoint: string): Promise<void> {
  const { count } = await db().pushSubscription.deleteMany({ where: { endpoint, userId: actor.userId } });
  if (count === 0) throw notFound("Subscription");
}
