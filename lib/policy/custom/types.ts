import type { Finding } from "./matchers";

// What custom rules are evaluated on and what they answer (docs/decisions/034-policy-rules.md). Like the built-in
// engine's PolicySnapshot (lib/policy/types.ts), a RuleInput is gathered beforehand, so evaluation is a pure
// function that the send, the verdict check and the dry run share.

/** A custom rule's reason code, as bots see it in `reasons` and the policy log shows it. */
export type RuleReason = `rule:${string}`;

/** Everything a custom rule can look at. */
export interface RuleInput {
  bot: { id: string; handle: string };
  conversationLabels: string[];
  /** The conversation's contact, or null when it has none (then contact matches fail and windows use the workspace's). */
  contact: {
    labels: string[];
    sensitivity: "normal" | "high";
    /** An IANA time zone, or null when the contact's is not known. */
    timeZone: string | null;
  } | null;
  workspaceTimeZone: string;
  /** Every text the message would show: its body and each text of its blocks. */
  texts: string[];
  attachmentCount: number;
  /** The types of the message's card blocks (`approval_card`, `form_card`, `status_block`). */
  blockTypes: string[];
  now: Date;
}

/** What the matching rule decided. */
export type RuleDecision =
  | {
      outcome: "held";
      /** The approver group and how many distinct people of it must approve. */
      group: string;
      approvals: number;
      escalate: { afterMinutes: number; group: string } | null;
      /** Approving needs a fresh second factor (step-up). */
      stepUp: boolean;
    }
  | { outcome: "blocked"; message: string }
  /** Deferred until the rule's window ends: `retryAt` in UTC, `retryAfterSeconds` for Retry-After (at least 1). */
  | { outcome: "deferred"; retryAt: Date; retryAfterSeconds: number }
  | { outcome: "allowed" };

/** The first matching rule, its decision, and what its content matchers found (the "why"). */
export type RuleVerdict = RuleDecision & {
  rule: { index: number; slug: string; reason: RuleReason };
  findings: Finding[];
};
