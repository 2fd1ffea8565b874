import { db } from "@/lib/db/client";
import type { Actor } from "@/lib/people/actor";
import { requireRulesAdmin } from "./require-rules-admin";
import { versionsOf, type RuleSetVersionInfo } from "./rule-set-version";

// The history of a workspace's rules, newest first: every version with who saved it, when, why and what it restored
// (issue 33 item 4). The rules themselves are read one version at a time (./get-rule-set.ts), and two versions'
// difference is ./diff-rule-sets.ts's. Admins only.

export interface ListRuleSetVersionsOptions {
  workspaceId: string;
}

/** Every saved version of the workspace's rules, newest first, without their rules. */
export async function listRuleSetVersions(
  actor: Actor,
  { workspaceId }: ListRuleSetVersionsOptions,
): Promise<RuleSetVersionInfo[]> {
  const id = await requireRulesAdmin(actor, workspaceId);
  const rows = await db().policyRuleSetVersion.findMany({ where: { workspaceId: id }, orderBy: { version: "desc" } });
  return (await versionsOf(db(), rows)).map(({ rules: _rules, ...info }) => info);
}
