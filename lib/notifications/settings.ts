import { db, type Db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { validate } from "@/lib/http/validation";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { earliestDelivery, lastSentAt, scheduleDelivery } from "./schedule";
import {
  NotificationSettingsChange,
  type ChannelChoice,
  type NotificationSettingsView,
} from "@/lib/schemas/notifications";

// A person's notification settings, per workspace: which channels (email, push, both or none), quiet hours in their
// time zone. No row means the defaults: a newcomer is told by both channels at any hour (a held message nobody sees
// is a refusal), in UTC until they pick their zone. Changed only by the person themselves (the settings page), or
// turned off for email by the unsubscribe link of an email (lib/notifications/unsubscribe.ts).

export type Channel = "email" | "push";

export interface NotificationSettings {
  email: boolean;
  push: boolean;
  /** Minutes after midnight in timeZone; both null: no quiet hours. */
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string;
}

export const NOTIFICATION_DEFAULTS: NotificationSettings = {
  email: true,
  push: true,
  quietStart: null,
  quietEnd: null,
  timeZone: "UTC",
};

/** The settings in effect for a person in a workspace, defaults applied. */
export async function settingsOf(client: Db | Tx, userId: string, workspaceId: string): Promise<NotificationSettings> {
  const row = await client.notificationSettings.findUnique({ where: { userId_workspaceId: { userId, workspaceId } } });
  if (!row) return NOTIFICATION_DEFAULTS;
  return {
    email: row.email,
    push: row.push,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
    timeZone: row.timeZone,
  };
}

export const channelOn = (settings: NotificationSettings, channel: Channel) => settings[channel];

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

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const choiceOf = (s: NotificationSettings): ChannelChoice =>
  s.email && s.push ? "both" : s.email ? "email" : s.push ? "push" : "none";

function view(workspaceId: string, s: NotificationSettings): NotificationSettingsView {
  return {
    workspace_id: workspaceId,
    email: s.email,
    push: s.push,
    channels: choiceOf(s),
    quiet_hours:
      s.quietStart !== null && s.quietEnd !== null ? { start: hhmm(s.quietStart), end: hhmm(s.quietEnd) } : null,
    time_zone: s.timeZone,
  };
}

/** The person's settings in each of their workspaces (the settings page), defaults applied. */
export async function listNotificationSettings(actor: PersonActor) {
  const memberships = await db().membership.findMany({
    where: { userId: actor.userId },
    select: { workspace: { select: { id: true, slug: true, name: true } } },
    orderBy: { createdAt: "asc" },
  });
  const rows = await db().notificationSettings.findMany({ where: { userId: actor.userId } });
  const byWorkspace = new Map(rows.map((row) => [row.workspaceId, row]));
  return memberships.map(({ workspace }) => {
    const row = byWorkspace.get(workspace.id);
    return {
      workspace,
      settings: view(workspace.id, row ?? NOTIFICATION_DEFAULTS),
    };
  });
}

/** A person changes their own settings in a workspace they are a member of. Bad input changes nothing. */
export async function updateNotificationSettings(
  actor: PersonActor,
  workspaceId: string,
  change: NotificationSettingsChange,
): Promise<NotificationSettingsView> {
  const data = validate(NotificationSettingsChange, change, "Notification settings");
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(db(), actor, workspace.id);
  const settings: NotificationSettings = {
    email: data.channels === "both" || data.channels === "email",
    push: data.channels === "both" || data.channels === "push",
    quietStart: data.quiet_hours?.start ?? null,
    quietEnd: data.quiet_hours?.end ?? null,
    timeZone: data.time_zone,
  };
  return db().$transaction(async (tx) => {
    await tx.notificationSettings.upsert({
      where: { userId_workspaceId: { userId: actor.userId, workspaceId: workspace.id } },
      create: { userId: actor.userId, workspaceId: workspace.id, ...settings },
      update: { ...settings, updatedAt: new Date() },
    });
    // What already waits goes out by the new settings: a delivery job kept for the end of quiet hours that are gone
    // now is moved to the earliest the new settings allow (the job itself skips a channel turned off).
    const now = new Date();
    for (const channel of ["email", "push"] as const) {
      const target = { userId: actor.userId, workspaceId: workspace.id, channel };
      const field = channel === "email" ? "emailStatus" : "pushStatus";
      const waiting = await tx.notification.count({
        where: { userId: actor.userId, workspaceId: workspace.id, [field]: "pending" },
      });
      if (waiting) {
        await scheduleDelivery(
          tx,
          target,
          earliestDelivery(channel, now, await lastSentAt(tx, target), settings),
          "replace",
        );
      }
    }
    await recordAudit(tx, {
      workspaceId: workspace.id,
      actor,
      action: "notifications.settings_updated",
      subjectType: "user",
      subjectId: actor.userId,
      data: { ...view(workspace.id, settings) },
    });
    return view(workspace.id, settings);
  });
}
