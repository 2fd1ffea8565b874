import { db } from "@/lib/db/client";
import type { PersonActor } from "@/lib/people/actor";
import type { PushDevice } from "./subscribe-push";

/** The browsers on which this person turned notifications on, most recently subscribed first. */
export async function listPushDevices(actor: PersonActor): Promise<(PushDevice & { endpoint: string })[]> {
  const rows = await db().pushSubscription.findMany({
    where: { userId: actor.userId },
    orderBy: { createdAt: "desc" },
  });
  return rows.map((row) => ({
    id: row.id,
    endpoint: row.endpoint,
    label: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
  }));
}
