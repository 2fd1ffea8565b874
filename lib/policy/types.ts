// The policy engine's vocabulary. The engine (./evaluate.ts) is a pure function of a PolicySnapshot:
// everything it needs is gathered beforehand by ./load-snapshot.ts, so the rules can be tested without a database.

export const BLOCK_REASONS = [
  "workspace_suspended",
  "workspace_restricted",
  "bot_stopped",
  "blocked_by_participant",
  "do_not_contact",
  "secrets_detected",
] as const;
export const REFUSE_REASONS = ["opted_out"] as const;
/**
 * `rate_limit_second` is not the engine's: the bot's request rate is judged at the door, for every request, before
 * any policy runs (lib/throttle/bot-rate.ts). It is a deferral all the same, with the same body and Retry-After.
 */
export const DEFER_REASONS = ["rate_limit_second", "rate_limit_day", "rate_limit_conversation"] as const;
export const HOLD_REASONS = ["new_bot", "sensitive_money", "bot_paused", "conversation_taken_over"] as const;

export type BlockReason = (typeof BLOCK_REASONS)[number];
export type RefuseReason = (typeof REFUSE_REASONS)[number];
export type DeferReason = (typeof DEFER_REASONS)[number];
export type HoldReason = (typeof HOLD_REASONS)[number];
export type ReasonCode = BlockReason | RefuseReason | DeferReason | HoldReason;

/**
 * What is being decided.
 * - `send`: a bot sends a message or a card (also a follow-up when it falls due). Every rule applies.
 * - `approved`: a person approved a draft or a held message. The person's approval answers the hold rules and a
 *   person is not rate-limited, but blocks and opt-outs still apply: they may have changed since the bot asked.
 * - `draft`: a bot proposes a draft. Drafts always wait for a person, so only blocks and opt-outs apply.
 * - `edit`: a bot edits a status block of a message it already sent. Only the block rules apply (an edit is
 *   not a new message, but its text can still carry a secret, and a stopped bot may not change anything).
 */
export type PolicyMode = "send" | "approved" | "draft" | "edit";

export interface PolicySnapshot {
  mode: PolicyMode;
  now: Date;
  /** Every text the message would show: its body and each text of its blocks. */
  content: string[];
  workspace: { status: "active" | "restricted" | "suspended" };
  bot: {
    status: "active" | "paused" | "stopped";
    /** Messages of this bot that were sent or approved so far (the trust counter). */
    trustedMessageCount: number;
  };
  settings: {
    /** A bot with fewer trusted messages than this is held (`new_bot`). Default: POLICY_DEFAULTS. */
    newBotThreshold: number;
    /** Bot messages per bot per rolling 24 h. Default: POLICY_DEFAULTS. */
    dailyLimit: number;
    /** Bot messages per conversation per window; null (the default) turns the rule off. */
    conversationLimit: { max: number; windowSeconds: number } | null;
  };
  conversation: {
    takenOver: boolean;
    /** A participant blocked this bot in this conversation. */
    botBlocked: boolean;
    /** A contact linked to the conversation is marked do-not-contact. */
    doNotContact: boolean;
    /** A participant opted out (STOP) and has not opted back in. */
    optedOut: boolean;
  };
  usage: {
    /** This bot's messages (sent or held) in the last 24 h. */
    dayCount: number;
    /** When the rolling 24 h window frees a slot: set when dayCount >= dailyLimit, else null. */
    dayFreesAt: Date | null;
    /** This bot's messages in this conversation within conversationLimit.windowSeconds. */
    conversationCount: number;
    /** When the conversation window frees a slot: set when conversationCount >= max, else null. */
    conversationFreesAt: Date | null;
  };
}

export type Verdict =
  | { outcome: "sent"; reasons: [] }
  | { outcome: "held"; reasons: HoldReason[] }
  | { outcome: "deferred"; reasons: DeferReason[]; retryAfterSeconds: number }
  | { outcome: "blocked"; reasons: BlockReason[] }
  | { outcome: "refused"; reasons: RefuseReason[] };
