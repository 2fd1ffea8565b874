import type { Actor } from "@/lib/people/actor";
import { requireRulesAdmin } from "./require-rules-admin";
import { storeVersion, type StoredVersion } from "./store-version";

// An admin saves the workspace's custom policy rules (issue 33; docs/decisions/034-policy-rules.md): the set is
// validated against the workspace's approver groups and, when it passes, becomes the next version, audited, and
// every process forgets its compiled rules. A set that fails is refused (422 `invalid_body`) naming each rule and
// field, and nothing changes.

export interface SaveRuleSetOptions {
  workspaceId: string;
  /** The proposed rule set, `{ rules: [...] }`, as the editor, the CLI's import or MCP sends it. */
  rules: unknown;
  /** Why the rules change: kept with the version and shown in the history. */
  reason: string;
}

/** Saves a new version of the workspace's rules; refuses an invalid set, naming rule and field, and changes nothing. */
export async function saveRuleSet(
  actor: Actor,
  { workspaceId, rules, reason }: SaveRuleSetOptions,
): Promise<StoredVersion> {
  const id = await requireRulesAdmin(actor, workspaceId);
  return storeVersion(actor, { workspaceId: id, rules, reason });
}
