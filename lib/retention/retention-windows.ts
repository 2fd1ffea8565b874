import { env } from "@/lib/env";

// How long rows with no lasting value are kept (docs/guides/operators.md#retention; pruned by prune-expired-rows.ts).
// The two an operator tunes come from the environment; the rest are fixed.

export interface RetentionWindows {
  /** Days a succeeded delivery is kept, from its creation or its last replay (DELIVERY_RETENTION_DAYS). */
  deliveryDays: number;
  /** Days a failed delivery is kept, for replay (FAILED_DELIVERY_RETENTION_DAYS). */
  failedDeliveryDays: number;
}

/** Days a job_outbox row is kept once it was run or replaced (or, sent and never claimed, past its run_at). */
export const JOB_OUTBOX_RETENTION_DAYS = 7;

/**
 * Days a refused attempt's whole text is kept for the policy rules' dry run (lib/policy/dry-run/): its longest range.
 * The row and its excerpt stay in the policy log.
 */
export const ATTEMPT_TEXT_RETENTION_DAYS = 90;

export function retentionWindows(): RetentionWindows {
  const { DELIVERY_RETENTION_DAYS, FAILED_DELIVERY_RETENTION_DAYS } = env();
  return { deliveryDays: DELIVERY_RETENTION_DAYS, failedDeliveryDays: FAILED_DELIVERY_RETENTION_DAYS };
}

/** The sentence the delivery lists show (portal, CLI): how far back they go. */
export function deliveryRetentionNote(windows: RetentionWindows = retentionWindows()): string {
  return windows.failedDeliveryDays === windows.deliveryDays
    ? `Deliveries are kept ${windows.deliveryDays} days.`
    : `Deliveries are kept ${windows.deliveryDays} days (failed ones ${windows.failedDeliveryDays}).`;
}
