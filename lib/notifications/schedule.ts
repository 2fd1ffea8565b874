import { query, type Sql } from "@/lib/db/sql";

// When a person's notifications go out, per workspace and channel (docs/decisions/020-notifications.md). One job per
// person, workspace and channel at a time (graphile-worker's job_key), due at the end of the coalescing window:
//
// - gather: the first notification after a quiet spell waits this long, so a burst (a bot's loop of held messages)
//   goes out as one message that lists them all;
// - gap: at most one message per gap; whatever arrives meanwhile goes in the next one, sent when the gap is over;
// - quiet hours: nothing goes out inside them; what waited goes out when they end.
//
// An event adds to the job already waiting without moving it (job_key_mode `preserve_run_at`), so a steady stream
// cannot push a message back forever. The delivery job checks the gap and the quiet hours again when it runs (a
// setting may have changed, or a job may have been created beside a running one): if it is early, it moves itself.

export type Channel = "email" | "push";

/** A person's notification settings in one workspace, as the schedule reads them (./settings.ts keeps them). */
export interface NotificationSettings {
  email: boolean;
  push: boolean;
  /** Minutes after midnight in timeZone; both null: no quiet hours. */
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string;
}

export const DELIVER_TASK = "deliver_notifications";
/** Tries of a delivery (graphile-worker's exponential backoff: about 2.5 hours in all), like any channel failure. */
export const DELIVER_MAX_ATTEMPTS = 10;

export const COALESCING: Record<Channel, { gatherMs: number; gapMs: number }> = {
  /** Email: within seconds of the first event, then at most one every 5 minutes, listing everything new. */
  email: { gatherMs: 5_000, gapMs: 5 * 60_000 },
  /** Push: a device buzzes at most every 15 seconds; each push replaces the last (same tag) on the device. */
  push: { gatherMs: 2_000, gapMs: 15_000 },
};

export interface Target {
  userId: string;
  workspaceId: string;
  channel: Channel;
}

export const deliveryJobKey = (t: Target) => `notify:${t.channel}:${t.userId}:${t.workspaceId}`;

const lastSent = (column: string) =>
  `SELECT max(${column}) AS at FROM notifications WHERE user_id = $1 AND workspace_id = $2`;
const LAST_SENT = {
  email: query("notifications.lastEmailSentAt", { text: lastSent("email_sent_at") }),
  push: query("notifications.lastPushSentAt", { text: lastSent("push_sent_at") }),
};

/** When this channel last sent the person something in this workspace. */
export async function lastSentAt(sql: Sql, t: Target): Promise<Date | null> {
  const [row] = await sql.query(LAST_SENT[t.channel], [t.userId, t.workspaceId]);
  return row?.at ?? null;
}

/** The person's local time of day in their zone, in minutes after midnight (and the seconds past that minute). */
function localClock(now: Date, timeZone: string): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: part("hour") * 60 + part("minute"), seconds: part("second") };
}

/**
 * When the person's quiet hours end, if `now` falls inside them; null otherwise. Quiet hours that start later than
 * they end span midnight (22:00–07:00). Computed to the minute in the person's zone (a daylight-saving change inside
 * the quiet hours can move the end by that hour).
 */
export function quietUntil(settings: NotificationSettings, now: Date): Date | null {
  const { quietStart: start, quietEnd: end } = settings;
  if (start === null || end === null || start === end) return null;
  const { minutes, seconds } = localClock(now, settings.timeZone);
  const inside = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!inside) return null;
  const minutesLeft = (end - minutes + 1440) % 1440;
  const startOfMinute = now.getTime() - seconds * 1000 - now.getMilliseconds();
  return new Date(startOfMinute + minutesLeft * 60_000);
}

export interface DeliveryTiming {
  channel: Channel;
  now: Date;
  /** When this channel last sent the person something in this workspace (lastSentAt). */
  lastSent: Date | null;
  settings: NotificationSettings;
}

/** The earliest a message may go out: not before the gap since the last one is over, nor inside quiet hours. */
export function earliestDelivery({ channel, now, lastSent: last, settings }: DeliveryTiming): Date {
  let due = now.getTime();
  if (last) due = Math.max(due, last.getTime() + COALESCING[channel].gapMs);
  const quiet = quietUntil(settings, new Date(due));
  if (quiet) due = Math.max(due, quiet.getTime());
  return new Date(due);
}

/** When a new event's message is due: after the gather window, and no earlier than earliestDelivery. */
export function dueForNewEvent({ channel, now, lastSent: last, settings }: DeliveryTiming): Date {
  const gathered = new Date(now.getTime() + COALESCING[channel].gatherMs);
  return earliestDelivery({ channel, now: gathered, lastSent: last, settings });
}

const SCHEDULE = query("notifications.scheduleDelivery", {
  text: `SELECT relay_enqueue_job('${DELIVER_TASK}', $1::json, run_at := $2::timestamptz,
          max_attempts := ${DELIVER_MAX_ATTEMPTS}, job_key := $3, job_key_mode := $4)::text AS id`,
});

interface ScheduleDeliveryOptions {
  target: Target;
  runAt: Date;
  /** `preserve`: a job already waiting keeps its time; `replace`: it is moved to `runAt`. */
  mode: "preserve" | "replace";
}

/**
 * Queues the person's delivery job for this channel at `runAt`, in the caller's transaction. `preserve`: a job already
 * waiting keeps its time (events join it); otherwise the job is moved to `runAt` (a deferral, a settings change).
 */
export async function scheduleDelivery(sql: Sql, { target: t, runAt, mode }: ScheduleDeliveryOptions): Promise<void> {
  const payload = JSON.stringify({ user_id: t.userId, workspace_id: t.workspaceId, channel: t.channel });
  await sql.query(SCHEDULE, [payload, runAt, deliveryJobKey(t), mode === "preserve" ? "preserve_run_at" : "replace"]);
}
