import { z } from "zod";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { plainText, Uuid } from "./common";

export const Bot = z.object({ id: Uuid, handle: z.string(), name: z.string() }).meta({ id: "Bot" });

/** GET /me answers `{bot}` unwrapped: the one exception to `data` (docs/api-contract.md#envelopes). */
export const MeResponse = z.object({ bot: Bot }).meta({ id: "MeResponse" });

// ---- The developer portal's forms (app/(portal)/developers). One schema per resource; the forms render their
// inputs from the same constants. The domain functions check again: these give early, per-field messages.

/** Mirrors lib/bots/create-bot.ts. */
export const BOT_HANDLE_PATTERN = "[a-z][a-z0-9_\\-]{2,31}";
export const BOT_NAME_MAX = 80;
export const WEBHOOK_URL_MAX = 2000;

const webhookUrl = plainText()
  .trim()
  .max(WEBHOOK_URL_MAX, `At most ${WEBHOOK_URL_MAX} characters`)
  .transform((value) => value || null);
const botName = plainText().trim().min(1, "Give the bot a name").max(BOT_NAME_MAX, `At most ${BOT_NAME_MAX} characters`);
const eventTypes = z.array(z.enum(SUBSCRIBABLE_EVENT_TYPES, { error: "Unknown event type" }));

/** Register a bot: workspace, handle, name, optional webhook URL, event subscriptions. */
export const BotRegistrationForm = z.object({
  workspaceId: z.uuid({ error: "Choose a workspace" }),
  handle: plainText()
    .trim()
    .toLowerCase()
    .regex(new RegExp(`^${BOT_HANDLE_PATTERN}$`), "3-32 characters: a letter, then lowercase letters, digits, - or _"),
  name: botName,
  webhookUrl,
  eventTypes,
});
export type BotRegistrationInput = z.infer<typeof BotRegistrationForm>;

/** A bot's settings: name, webhook URL (empty clears it), event subscriptions. */
export const BotSettingsForm = z.object({ name: botName, webhookUrl, eventTypes });
export type BotSettingsInput = z.infer<typeof BotSettingsForm>;

/** Issue an API key: a name so people can tell keys apart. */
export const ApiKeyForm = z.object({
  name: plainText()
    .trim()
    .max(60, "At most 60 characters")
    .transform((value) => value || "default"),
  /** `memory:sensitive`: may read high-sensitivity contacts' memory (docs/api-contract.md#access). */
  scopes: z.array(z.enum(["memory:sensitive"], { error: "Unknown scope" })).default([]),
});

/** How long the current signing secret keeps signing beside the new one. */
export const SIGNING_SECRET_OVERLAPS = [
  { minutes: 0, label: "End the current secret now" },
  { minutes: 60, label: "1 hour" },
  { minutes: 1440, label: "24 hours" },
  { minutes: 10080, label: "7 days" },
] as const;
export const SigningSecretRotationForm = z.object({
  overlapMinutes: z.coerce
    .number()
    .refine((value) => SIGNING_SECRET_OVERLAPS.some((choice) => choice.minutes === value), "Choose an overlap"),
});

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

/** A `datetime-local` value ("2026-11-22T10:00"), read as UTC: the portal shows every time in UTC. */
const utcLocalTime = plainText()
  .trim()
  .refine((value) => !Number.isNaN(new Date(`${value}Z`).getTime()), "Not a valid time")
  .transform((value) => new Date(`${value}Z`));
const optionalUtcLocalTime = plainText()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(utcLocalTime.optional());

/** Filters of a bot's delivery list, as GET query parameters. */
export const DeliveryListQuery = z.object({
  event_type: plainText()
    .optional()
    .transform((value) => value || undefined),
  status: z
    .enum(DELIVERY_STATUSES)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  from: optionalUtcLocalTime,
  to: optionalUtcLocalTime,
});
export type DeliveryListFilters = z.infer<typeof DeliveryListQuery>;

/** Replay every failed delivery created in a time range. */
export const ReplayRangeForm = z
  .object({ from: utcLocalTime, to: utcLocalTime })
  .refine((range) => range.from <= range.to, { message: "From must not be later than to", path: ["to"] });
