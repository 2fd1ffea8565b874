// A workspace's policy settings when it has set none (docs/api-contract.md#new-bots-and-rate-limits). The snapshot's
// SQL applies them too (COALESCE), so these numbers are the one place they are written.

export const POLICY_DEFAULTS = {
  /** A bot with fewer sent-or-approved messages than this is held (`new_bot`). */
  newBotThreshold: 50,
  /** Bot messages per bot per rolling 24 hours (`rate_limit_day`). */
  dailyLimit: 1000,
  /** Bot messages per bot per conversation per window (`rate_limit_conversation`): off unless a workspace sets one. */
  conversationLimit: null,
  /** The per-conversation limit's window when a workspace sets a limit but no window. */
  conversationWindowSeconds: 3600,
  /** Minutes an approval waits before the people who may decide it get one reminder (lib/notifications/reminders.ts). */
  approvalReminderMinutes: 60,
  /**
   * Each bot's request rate, a token bucket over every request it makes (`rate_limit_second`, lib/throttle/bot-rate.ts):
   * this many a second, sustained (docs/decisions/029-bot-request-rate.md says why these two numbers)...
   */
  ratePerSecond: 10,
  /** ...and this many at once, from a full bucket. */
  rateBurst: 30,
} as const;

/** The largest value an admin may set (lib/schemas/workspaces.ts): sane PostgreSQL integers, typing slips refused. */
export const POLICY_BOUNDS = {
  newBotThreshold: 10_000,
  dailyLimit: 1_000_000,
  conversationLimit: 100_000,
  conversationWindowSeconds: 30 * 24 * 3600,
  /** A week: drafts wait 7 days (lib/limits.ts DRAFT_LIFETIME_DAYS). */
  approvalReminderMinutes: 7 * 24 * 60,
  ratePerSecond: 1_000,
  rateBurst: 10_000,
} as const;
