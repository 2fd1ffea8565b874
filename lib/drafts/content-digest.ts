import { digestOf } from "@/lib/audit/audit-log";
import { messageContent } from "@/lib/messages/content";
import { contentDigest } from "@/lib/policy/decide";
import type { Block } from "@/lib/schemas/blocks";

// What a person approves (issue 34, "approvals bound to what was seen"): the SHA-256 of the item's canonical JSON
// (RFC 8785) over everything that would be sent and where. The page and the assistant are given it with the text;
// an approval that names it is refused if the item changed since (an edit by another approver, a bot's new status
// blocks), and a passkey approval signs a challenge derived from it (lib/factors/webauthn.ts, approvalChallengeBytes).
// The audit chain's entry of the approval carries it, and `cli audit verify-approval` recomputes it from the message
// sent.

/** The fields the digest covers, as stored. */
export interface ApprovalContent {
  id: string;
  conversationId: string;
  body: string;
  blocks: unknown;
  /** The custom rule-set version the item was held under; null when none. */
  ruleSetVersion: number | null;
  /** SHA-256 of each attachment the message carries, in order (none for a draft today). */
  attachments?: string[];
}

export function approvalContentDigest(content: ApprovalContent): string {
  return digestOf({
    v: 1,
    item: content.id,
    conversation: content.conversationId,
    body: content.body,
    blocks: content.blocks ?? null,
    attachments: content.attachments ?? [],
    ruleSetVersion: content.ruleSetVersion,
  });
}

/**
 * The digest of what approving sends (the policy's, lib/policy/decide.ts, over the message's text and blocks): the
 * approval's `sent_digest`, and a passkey approval's challenge is derived from it.
 */
export function sentDigest(body: string, blocks: unknown): string {
  return contentDigest(messageContent(body, (blocks as Block[] | null) ?? null));
}
