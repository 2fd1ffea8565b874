import { z } from "zod";

// A person's notification settings in one workspace (the settings page, lib/notifications/settings.ts), and the
// "Bots & policy" reminder time (lib/schemas/workspaces.ts).

/** Which channels tell the person: both, email only, push only, or none. */
export const CHANNEL_CHOICES = ["both", "email", "push", "none"] as const;
export type ChannelChoice = (typeof CHANNEL_CHOICES)[number];

const clock = (what: string) =>
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${what} must be a time of day, HH:MM (24 hours)`)
    .transform((text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3)));

/** An IANA time zone name (`Europe/Lisbon`, `UTC`), in its canonical spelling. */
export const timeZone = z
  .string()
  .max(64)
  .transform((name, ctx) => {
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({
        code: "custom",
        message: `"${name}" is not a time zone (e.g. Europe/Lisbon, America/New_York, UTC)`,
      });
      return z.NEVER;
    }
  });

export const NotificationSettingsChange = z
  .strictObject({
    channels: z.enum(CHANNEL_CHOICES, { error: "Choose both, email, push or none" }),
    /** Quiet hours: both times, or neither (null: none). */
    quiet_hours: z
      .strictObject({ start: clock("The start of quiet hours"), end: clock("The end of quiet hours") })
      .nullable(),
    time_zone: timeZone,
  })
  .refine((value) => !value.quiet_hours || value.quiet_hours.start !== value.quiet_hours.end, {
    message: "Quiet hours must start and end at different times",
    path: ["quiet_hours"],
  });
export type NotificationSettingsChange = z.input<typeof NotificationSettingsChange>;

/** The settings in effect (defaults applied), as the domain answers them. */
export interface NotificationSettingsView {
  workspace_id: string;
  email: boolean;
  push: boolean;
  channels: ChannelChoice;
  /** HH:MM, or null without quiet hours. */
  quiet_hours: { start: string; end: string } | null;
  time_zone: string;
}

/** The form's fields as typed: empty times mean no quiet hours. */
export function notificationSettingsFromForm(fields: {
  channels: string;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
}): NotificationSettingsChange {
  const start = fields.quietStart.trim();
  const end = fields.quietEnd.trim();
  return {
    channels: fields.channels as ChannelChoice,
    quiet_hours: start === "" && end === "" ? null : { start, end },
    time_zone: fields.timeZone.trim(),
  };
}
