import { metrics } from "@/lib/metrics/registry";
import { BLOCK_REASONS, DEFER_REASONS, HOLD_REASONS, REFUSE_REASONS, type PolicyMode, type Verdict } from "./types";

// The policy counts its own decisions in the process's registry: lib/metrics/registry.ts defines the two counters and
// knows nothing of the policy, a floor above it (docs/decisions/033-import-floors.md).

/**
 * Every reason code of the policy (./types.ts), the only values the `reason` label takes: a custom rule's `rule:<slug>`
 * is counted as `rule` (a label per slug would grow without bound; the admin overview counts per rule).
 */
export const POLICY_REASONS: readonly string[] = [
  ...BLOCK_REASONS,
  ...REFUSE_REASONS,
  ...DEFER_REASONS,
  ...HOLD_REASONS,
  "rule",
];

/**
 * Counts a policy decision once, and each of its reasons (./decide.ts); a bot's send also by its bot (the admin
 * overview's verdicts per bot: lib/policy/overview/policy-overview.ts).
 */
export function countDecision(verdict: Verdict, { mode, botId }: { mode: PolicyMode; botId: string }): void {
  const m = metrics();
  m.policyDecisions.inc({ mode, verdict: verdict.outcome });
  if (mode === "send") m.botVerdicts.inc({ bot: botId, verdict: verdict.outcome });
  for (const reason of verdict.reasons)
    m.policyReasons.inc({ mode, verdict: verdict.outcome, reason: reason.startsWith("rule:") ? "rule" : reason });
}
