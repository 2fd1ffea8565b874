import { query, transaction } from "@/lib/db/sql";
import type { NotifyEvent } from "./enqueue";
import { compose } from "./compose";
import { whoIsTold } from "./recipients";
import { dueForNewEvent, lastSentAt, scheduleDelivery, type Channel } from "./schedule";
import { settingsOf } from "./settings";

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

/** A person's notification of the event; nothing when they have it already (the dedupe key: a retried job). */
const INSERT = query("notifications.insert", {
  text: `INSERT INTO notifications (user_id, workspace_id, kind, subject_id, dedupe_key, title, body, path, actor_user_id,
                              email_status, push_status, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
   ON CONFLICT DO NOTHING
   RETURNING id`,
});

export async function fanOut(event: NotifyEvent, now: Date = new Date()): Promise<FanOutResult> {
  const [audience, composed] = await Promise.all([whoIsTold(event), compose(event, now)]);
  const result: FanOutResult = { told: [], scheduled: [] };
  if (!audience || !composed || audience.userIds.length === 0) return result;
  const { workspaceId } = audience;
  const actorUserId = event.event === "mention" || event.event === "bot_status" ? event.actor : null;

  await transaction(async (tx) => {
    for (const userId of audience.userIds) {
      const settings = await settingsOf(tx, { userId, workspaceId });
      const inserted = await tx.query(INSERT, [
        userId,
        workspaceId,
        composed.kind,
        composed.subjectId,
        composed.dedupeKey,
        composed.title,
        composed.body,
        composed.path,
        actorUserId,
        settings.email ? "pending" : "skipped",
        settings.push ? "pending" : "skipped",
        now,
      ]);
      if (inserted.length === 0) continue; // told already (a retried job)
      result.told.push(userId);
      for (const channel of CHANNELS) {
        if (!settings[channel]) continue;
        const target = { userId, workspaceId, channel };
        const runAt = dueForNewEvent({ channel, now, lastSent: await lastSentAt(tx, target), settings });
        await scheduleDelivery(tx, { target, runAt, mode: "preserve" });
        result.scheduled.push({ userId, channel, runAt });
      }
    }
  });
  return result;
}
