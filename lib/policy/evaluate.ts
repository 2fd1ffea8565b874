import { contentFindings } from "./content";
import type { BlockReason, DeferReason, HoldReason, PolicySnapshot, Verdict } from "./types";

// The policy engine: a pure function of a snapshot (docs/decisions/003-policy-order.md). First matching verdict
// wins, in this order: blocked -> refused (opted out) -> deferred -> held -> sent; every reason of the winning
// verdict is listed. The mode says which verdicts can apply at all.

export function evaluatePolicy(s: PolicySnapshot): Verdict {
  const findings = contentFindings(s.content);

  const blocked: BlockReason[] = [];
  if (s.workspace.status === "suspended") blocked.push("workspace_suspended");
  if (s.workspace.status === "restricted") blocked.push("workspace_restricted");
  if (s.bot.status === "stopped") blocked.push("bot_stopped");
  if (s.conversation.botBlocked) blocked.push("blocked_by_participant");
  if (s.conversation.doNotContact) blocked.push("do_not_contact");
  if (findings.secrets) blocked.push("secrets_detected");
  if (blocked.length > 0) return { outcome: "blocked", reasons: blocked };
  if (s.mode === "edit") return { outcome: "sent", reasons: [] };

  if (s.conversation.optedOut) return { outcome: "refused", reasons: ["opted_out"] };
  if (s.mode !== "send") return { outcome: "sent", reasons: [] };

  const deferred: DeferReason[] = [];
  let retryAt = 0;
  if (s.usage.dayCount >= s.settings.dailyLimit) {
    deferred.push("rate_limit_day");
    retryAt = Math.max(retryAt, s.usage.dayFreesAt?.getTime() ?? s.now.getTime());
  }
  if (s.settings.conversationLimit && s.usage.conversationCount >= s.settings.conversationLimit.max) {
    deferred.push("rate_limit_conversation");
    retryAt = Math.max(retryAt, s.usage.conversationFreesAt?.getTime() ?? s.now.getTime());
  }
  if (deferred.length > 0) {
    return { outcome: "deferred", reasons: deferred, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - s.now.getTime()) / 1000)) };
  }

  const held: HoldReason[] = [];
  if (s.bot.trustedMessageCount < s.settings.newBotThreshold) held.push("new_bot");
  if (findings.money) held.push("sensitive_money");
  if (s.bot.status === "paused") held.push("bot_paused");
  if (s.conversation.takenOver) held.push("conversation_taken_over");
  if (held.length > 0) return { outcome: "held", reasons: held };

  return { outcome: "sent", reasons: [] };
}
