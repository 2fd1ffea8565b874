import type { AuditLogWrite } from "@/lib/audit/audit-log";
import type { Decision } from "./decide";

/**
 * A policy decision as the audit chain keeps it (issue 34): the bot, what the decision was on (the content's
 * digest, never its text), the verdict and its reason codes, and the rule-set version in force. Written beside
 * whatever the decision wrote: the message sent, the message held, the draft, or the refused attempt's record.
 */
export function decisionEntry(
  decision: Decision,
  { workspaceId, subject }: { workspaceId: string; subject: { type: string; id: string } },
): AuditLogWrite {
  return {
    kind: "policy.decided",
    workspaceId,
    actor: { type: "bot", id: decision.botId },
    subject,
    facts: {
      mode: decision.mode,
      outcome: decision.verdict.outcome,
      reasons: [...decision.verdict.reasons],
      ruleSetVersion: decision.ruleSetVersion,
      conversationId: decision.conversationId,
      contentSha256: decision.digest,
    },
  };
}
