import { z } from "zod";
import { POLICY_BOUNDS } from "@/lib/policy/defaults";
import { TimeZone } from "./labels";

// A workspace's policy settings, as admins change them (the chat's "Bots & policy" page, `cli workspace settings`).
// Whole numbers of at least 1: a daily limit of 0 would be a silent suspension (suspend the workspace instead).
// The upper bounds keep every value a sane PostgreSQL integer and refuse typing slips in words rather than a 500.

const whole = (what: string, max: number) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(max, `${what} must be at most ${max.toLocaleString("en-US")}`);

/** A change: only the given settings change; null turns the per-conversation limit off, or its window back to the default. */
export const PolicySettingsChange = z.strictObject({
  newBotThreshold: whole("The new-bot threshold", POLICY_BOUNDS.newBotThreshold).optional(),
  dailyLimit: whole("The daily limit", POLICY_BOUNDS.dailyLimit).optional(),
  conversationLimit: whole("The per-conversation limit", POLICY_BOUNDS.conversationLimit).nullable().optional(),
  conversationWindowSeconds: whole("The per-conversation window", POLICY_BOUNDS.conversationWindowSeconds)
    .nullable()
    .optional(),
  /** Minutes an approval waits before its one reminder (lib/notifications/reminders.ts). */
  approvalReminderMinutes: whole("The reminder time", POLICY_BOUNDS.approvalReminderMinutes).optional(),
  /** Each bot's request rate (lib/throttle/bot-rate.ts): requests a second, sustained, and at once. */
  ratePerSecond: whole("The request rate", POLICY_BOUNDS.ratePerSecond).optional(),
  rateBurst: whole("The burst", POLICY_BOUNDS.rateBurst).optional(),
  /** The workspace's IANA time zone: policy rules' windows read it when a contact's is not known. */
  timeZone: TimeZone.optional(),
});
export type PolicySettingsChange = z.input<typeof PolicySettingsChange>;

/** The settings in effect (defaults applied), as the domain answers them. */
export interface PolicySettings {
  workspace_id: string;
  new_bot_threshold: number;
  daily_limit: number;
  conversation_limit: number | null;
  conversation_window_seconds: number;
  approval_reminder_minutes: number;
  rate_per_second: number;
  rate_burst: number;
  time_zone: string;
}

/** The form's fields as typed: an empty per-conversation limit is "off"; other empty fields are refused. */
export function policySettingsFromForm(fields: {
  newBotThreshold: string;
  dailyLimit: string;
  conversationLimit: string;
  conversationWindowSeconds: string;
  /** Absent: unchanged. */
  approvalReminderMinutes?: string;
  /** Absent: unchanged. */
  ratePerSecond?: string;
  /** Absent: unchanged. */
  rateBurst?: string;
  /** Absent: unchanged; an IANA zone, trimmed (empty is refused: a workspace always has one). */
  timeZone?: string;
}): PolicySettingsChange {
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));
  return {
    newBotThreshold: number(fields.newBotThreshold),
    dailyLimit: number(fields.dailyLimit),
    conversationLimit: fields.conversationLimit.trim() === "" ? null : number(fields.conversationLimit),
    conversationWindowSeconds: number(fields.conversationWindowSeconds),
    ...(fields.approvalReminderMinutes === undefined
      ? {}
      : { approvalReminderMinutes: number(fields.approvalReminderMinutes) }),
    ...(fields.ratePerSecond === undefined ? {} : { ratePerSecond: number(fields.ratePerSecond) }),
    ...(fields.rateBurst === undefined ? {} : { rateBurst: number(fields.rateBurst) }),
    ...(fields.timeZone === undefined ? {} : { timeZone: fields.timeZone }),
  };
}
