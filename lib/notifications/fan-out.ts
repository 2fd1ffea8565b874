import { db } from "@/lib/db/client";
import type { NotifyEvent } from "./enqueue";
import { compose } from "./compose";
import { whoIsTold } from "./recipients";
import { dueForNewEvent, lastSentAt, scheduleDelivery } from "./schedule";
import { settingsOf, type Channel } from "./settings";

// The fan-out job (task `notify`, jobs/tasks/notify.ts): for one event, the people recipients.ts names each get a
// notification row, and, for each channel they have on, their delivery job is queued for the end of its coalescing
// window (lib/notifications/schedule.ts). A channel they have off marks the row skipped at once. One transaction:
// rows and jobs commit together; a retried job finds its rows (dedupe key) and writes nothing twice.

export interface FanOutResult {
  /** People who got a new notification. */
  told: string[];
  /** Delivery jobs queued (person, channel, due). */
  scheduled: { userId: string; channel: Channel; runAt: Date }[];
}

const CHANNELS: Channel[] = ["email", "push"];

export async function fanOut(event: NotifyEvent, now: Date = new Date()): Promise<FanOutResult> {
  const [audience, composed] = await Promise.all([whoIsTold(event), compose(event, now)]);
  const result: FanOutResult = { told: [], scheduled: [] };
  if (!audience || !composed || audience.userIds.length === 0) return result;
  const { workspaceId } = audience;
  const actorUserId = event.event === "mention" || event.event === "bot_status" ? event.actor : null;

  await db().$transaction(
    async (tx) => {
      for (const userId of audience.userIds) {
        const settings = await settingsOf(tx, userId, workspaceId);
        const inserted = await tx.notification.createMany({
          data: [
            {
              userId,
              workspaceId,
              ...composed,
              actorUserId,
              emailStatus: settings.email ? "pending" : "skipped",
              pushStatus: settings.push ? "pending" : "skipped",
              createdAt: now,
            },
          ],
          skipDuplicates: true,
        });
        if (inserted.count === 0) continue; // told already (a retried job)
        result.told.push(userId);
        for (const channel of CHANNELS) {
          if (!settings[channel]) continue;
          const target = { userId, workspaceId, channel };
          const runAt = dueForNewEvent(channel, now, await lastSentAt(tx, target), settings);
          await scheduleDelivery(tx, target, runAt, "preserve");
          result.scheduled.push({ userId, channel, runAt });
        }
      }
    },
    { timeout: 30_000 },
  );
  return result;
}
