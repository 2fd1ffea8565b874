import { db } from "@/lib/db/client";
import { query, transaction, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { validate } from "@/lib/schemas/validate";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { earliestDelivery, lastSentAt, scheduleDelivery, type Channel, type NotificationSettings } from "./schedule";
import {
  NotificationSettingsChange,
  type ChannelChoice,
  type NotificationSettingsView,
} from "@/lib/schemas/notifications";

// A person's notification settings, per workspace: which channels (email, push, both or none), quiet hours in their
// time zone. No row means the defaults: a newcomer is told by both channels at any hour (a held message nobody sees
// is a refusal), in UTC until they pick their zone. Changed only by the person themselves (the settings page), or
// turned off for email by the unsubscribe link of an email (lib/notifications/unsubscribe.ts). What the settings are,
// and when their quiet hours end, is the schedule's (./schedule.ts), which reads them.

export const NOTIFICATION_DEFAULTS: NotificationSettings = {
  email: true,
  push: true,
  quietStart: null,
  quietEnd: null,
  timeZone: "UTC",
};

const SETTINGS_OF = query("notifications.settingsOf", {
  text: `SELECT email, push, quiet_start, quiet_end, time_zone FROM notification_settings
    WHERE user_id = $1 AND workspace_id = $2`,
});

interface SettingsOfOptions {
  userId: string;
  workspaceId: string;
}

/** The settings in effect for a person in a workspace, defaults applied. */
export async function settingsOf(sql: Sql, { userId, workspaceId }: SettingsOfOptions): Promise<NotificationSettings> {
  const [row] = await sql.query(SETTINGS_OF, [userId, workspaceId]);
  if (!row) return NOTIFICATION_DEFAULTS;
  return {
    email: row.email,
    push: row.push,
    quietStart: row.quiet_start,
    quietEnd: row.quiet_end,
    timeZone: row.time_zone,
  };
}

export const channelOn = (settings: NotificationSettings, channel: Channel) => settings[channel];

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

const SAVE = query("notifications.saveSettings", {
  text: `INSERT INTO notification_settings (user_id, workspace_id, email, push, quiet_start, quiet_end, time_zone)
   VALUES ($1, $2, $3, $4, $5, $6, $7)
   ON CONFLICT (user_id, workspace_id) DO UPDATE
     SET email = EXCLUDED.email, push = EXCLUDED.push, quiet_start = EXCLUDED.quiet_start,
         quiet_end = EXCLUDED.quiet_end, time_zone = EXCLUDED.time_zone, updated_at = now()`,
});

/** Whether anything waits for each channel (the partial indexes on pending rows answer it). */
const WAITING = query("notifications.waiting", {
  text: `SELECT EXISTS (SELECT 1 FROM notifications WHERE user_id = $1 AND workspace_id = $2 AND email_status = 'pending')
            AS email,
          EXISTS (SELECT 1 FROM notifications WHERE user_id = $1 AND workspace_id = $2 AND push_status = 'pending')
            AS push`,
  notNull: ["email", "push"], // EXISTS is true or false
});

interface UpdateNotificationSettingsOptions {
  workspaceId: string;
  /** Checked here (NotificationSettingsChange); bad input changes nothing. */
  change: NotificationSettingsChange;
}

/** A person changes their own settings in a workspace they are a member of. Bad input changes nothing. */
export async function updateNotificationSettings(
  actor: PersonActor,
  { workspaceId, change }: UpdateNotificationSettingsOptions,
): Promise<NotificationSettingsView> {
  const data = validate(NotificationSettingsChange, { input: change, what: "Notification settings" });
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(actor, { client: db(), workspaceId: workspace.id });
  const settings: NotificationSettings = {
    email: data.channels === "both" || data.channels === "email",
    push: data.channels === "both" || data.channels === "push",
    quietStart: data.quiet_hours?.start ?? null,
    quietEnd: data.quiet_hours?.end ?? null,
    timeZone: data.time_zone,
  };
  // The membership check is the Prisma one every settings page shares; the save is SQL, as it moves delivery jobs
  // (docs/decisions/005).
  return transaction(async (tx) => {
    await tx.query(SAVE, [
      actor.userId,
      workspace.id,
      settings.email,
      settings.push,
      settings.quietStart,
      settings.quietEnd,
      settings.timeZone,
    ]);
    // What already waits goes out by the new settings: a delivery job kept for the end of quiet hours that are gone
    // now is moved to the earliest the new settings allow (the job itself skips a channel turned off).
    const now = new Date();
    const [waiting] = await tx.query(WAITING, [actor.userId, workspace.id]);
    for (const channel of ["email", "push"] as const) {
      if (!waiting?.[channel]) continue;
      const target = { userId: actor.userId, workspaceId: workspace.id, channel };
      await scheduleDelivery(tx, {
        target,
        runAt: earliestDelivery({ channel, now, lastSent: await lastSentAt(tx, target), settings }),
        mode: "replace",
      });
    }
    await recordAuditSql(tx, {
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
