import type { RuleInput, RuleReason, RuleVerdict } from "./custom/types";

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
export type ReasonCode = BlockReason | RefuseReason | DeferReason | HoldReason | RuleReason;

/**
 * Who must decide an item a custom rule held (issue 33): `approvals` distinct people of `group`, and whom to tell
 * when nobody has within `escalate.afterMinutes`. Items held by the built-in rules alone have none: one approval of
 * anyone who may see the conversation decides them.
 */
export interface ApprovalRoute {
  /** The rule's slug. */
  rule: string;
  group: string;
  approvals: number;
  escalate: { afterMinutes: number; group: string } | null;
  /** Approving needs a fresh passkey or authenticator check (step-up: lib/factors/step-up-gate.ts). */
  stepUp: boolean;
}

/** What custom rules read of a message beside its texts: the types of its blocks, and its files (none from a bot yet). */
export interface MessageShape {
  blockTypes: string[];
  attachmentCount: number;
}

/** The workspace's custom rules as a snapshot carries them (docs/decisions/034-policy-rules.md). */
export interface CustomRules {
  /** The rule-set version in force: every decision records it. */
  version: number;
  /** What the rules read (the message's texts are the snapshot's content). */
  input: RuleInput;
  /** The first matching rule's verdict, or null; only run once the built-in floor has let the message through. */
  evaluate: (input: RuleInput) => RuleVerdict | null;
}

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
  /** The workspace's custom rules; absent when it saved none. */
  custom?: CustomRules;
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

/**
 * A custom rule's reason (`rule:<slug>`) comes after the built-in reasons of the same verdict. A held verdict a
 * custom rule gave names its route; a block a custom rule gave carries the rule's own words (`explanation`).
 */
export type Verdict =
  | { outcome: "sent"; reasons: [] }
  | { outcome: "held"; reasons: (HoldReason | RuleReason)[]; route?: ApprovalRoute }
  | { outcome: "deferred"; reasons: (DeferReason | RuleReason)[]; retryAfterSeconds: number }
  | { outcome: "blocked"; reasons: (BlockReason | RuleReason)[]; explanation?: string }
  | { outcome: "refused"; reasons: RefuseReason[] };
