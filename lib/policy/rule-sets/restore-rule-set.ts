import type { Actor } from "@/lib/people/actor";
import { getRuleSet } from "./get-rule-set";
import { storeVersion, type StoredVersion } from "./store-version";

// An admin restores an earlier version of the workspace's rules (issue 33 item 4): the history is never rewritten; the
// old version's rules become a new version that records which one it restored and why. They are validated against the
// groups as they are now, like any save: a restore whose group has since emptied is refused, naming rule and field.

export interface RestoreRuleSetOptions {
  workspaceId: string;
  /** The version whose rules to restore. */
  version: number;
  /** Why: kept with the new version. */
  reason: string;
}

/** A new version carrying `version`'s rules; 404 for a version the workspace does not have. */
export async function restoreRuleSet(
  actor: Actor,
  { workspaceId, version, reason }: RestoreRuleSetOptions,
): Promise<StoredVersion> {
  const old = await getRuleSet(actor, { workspaceId, version });
  return storeVersion(actor, {
    workspaceId: old!.workspaceId,
    rules: old!.rules,
    reason,
    restoredFromVersion: version,
  });
}
