import type { RuleVerdict } from "./custom/types";
import { contentFindings } from "./content";
import type { BlockReason, DeferReason, HoldReason, PolicyMode, PolicySnapshot, Verdict } from "./types";

// The policy engine: a pure function of a snapshot (docs/decisions/003-policy-order.md). First matching verdict
// wins, in this order: blocked -> refused (opted out) -> deferred -> held -> sent; every reason of the winning
// verdict is listed. The mode says which verdicts can apply at all.
//
// The built-in rules are a floor (docs/decisions/034-policy-rules.md): they are judged first, and the workspace's
// custom rules run only when the floor let the message through, held or deferred it. The final verdict is the
// stricter of the two, so no custom rule can lift the floor; an `allow` only stops the custom rules below it.

export function evaluatePolicy(s: PolicySnapshot): Verdict {
  const floor = evaluateBuiltIn(s);
  if (!s.custom || floor.outcome === "blocked" || floor.outcome === "refused") return floor;
  return stricter(floor, { custom: s.custom.evaluate(s.custom.input), mode: s.mode });
}

/**
 * The stricter of the floor's verdict and the first matching custom rule's. A custom block applies in every mode (a
 * person's approval and a bot's status edit included). A window (quiet hours) applies to a bot's send and to what a
 * person approved (the approval, a follow-up): "nothing goes" means nothing; the approval is refused until the
 * window opens, and a follow-up waits for it. A hold is answered by the approval, and a draft waits for a person
 * anyway (its hold only names who decides). A status edit is not a new message: no window holds it back.
 */
export function stricter(floor: Verdict, { custom, mode }: { custom: RuleVerdict | null; mode: PolicyMode }): Verdict {
  if (!custom || custom.outcome === "allowed") return floor;
  const reason = custom.rule.reason;
  if (custom.outcome === "blocked") return { outcome: "blocked", reasons: [reason], explanation: custom.message };
  if (mode === "draft" && custom.outcome === "held")
    return { outcome: "held", reasons: [reason], route: routeOf(custom) };
  if (mode === "edit" || mode === "draft") return floor;
  if (custom.outcome === "deferred") {
    if (floor.outcome !== "deferred")
      return { outcome: "deferred", reasons: [reason], retryAfterSeconds: custom.retryAfterSeconds };
    return {
      outcome: "deferred",
      reasons: [...floor.reasons, reason],
      retryAfterSeconds: Math.max(floor.retryAfterSeconds, custom.retryAfterSeconds),
    };
  }
  if (floor.outcome === "deferred" || mode === "approved") return floor;
  return {
    outcome: "held",
    reasons: floor.outcome === "held" ? [...floor.reasons, reason] : [reason],
    route: routeOf(custom),
  };
}

const routeOf = (held: Extract<RuleVerdict, { outcome: "held" }>) => ({
  rule: held.rule.slug,
  group: held.group,
  approvals: held.approvals,
  escalate: held.escalate,
  stepUp: held.stepUp,
});

function evaluateBuiltIn(s: PolicySnapshot): Verdict {
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
