import { metrics } from "@/lib/metrics/registry";
import { A_DRAFT, ANYONE, BUILT_IN } from "@/lib/policy/overview/names";

// The time people take to decide what a bot's message waits on (issue 33 item 8), observed once a person's approval
// or rejection is committed: relay_approval_decision_seconds, whose quantiles are the admin overview's p50 and p90 per
// approver group and per rule (lib/policy/overview/policy-overview.ts names its groups and rules the same way).

export interface DecidedItem {
  created_at: Date;
  origin: string;
  approver_group: string | null;
  rule_slug: string | null;
}

/** Observes a decided item's wait, from its creation to `decidedAt`. */
export function countDecisionTime(
  item: DecidedItem,
  { workspaceId, decision, decidedAt }: { workspaceId: string; decision: "approved" | "rejected"; decidedAt: Date },
): void {
  metrics().approvalDecisionSeconds.observe(
    {
      workspace: workspaceId,
      group: item.approver_group ?? ANYONE,
      rule: item.rule_slug ?? (item.origin === "draft" ? A_DRAFT : BUILT_IN),
      decision,
    },
    Math.max(0, (decidedAt.getTime() - item.created_at.getTime()) / 1000),
  );
}
