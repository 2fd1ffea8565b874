import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import type { Actor } from "@/lib/people/actor";
import { requireRulesAdmin } from "./require-rules-admin";
import { versionsOf, type RuleSetVersion } from "./rule-set-version";

// One version of a workspace's rules, the current one unless asked for another: what the editor opens, the CLI's
// export writes and the history shows beside its diff. Admins only (./require-rules-admin.ts).

export interface GetRuleSetOptions {
  workspaceId: string;
  /** The version to read; the current (highest) one when left out. */
  version?: number;
}

/** The version asked for (404 when the workspace has none such), or the current one: null when none was ever saved. */
export async function getRuleSet(
  actor: Actor,
  { workspaceId, version }: GetRuleSetOptions,
): Promise<RuleSetVersion | null> {
  const id = await requireRulesAdmin(actor, workspaceId);
  if (version !== undefined && (!Number.isSafeInteger(version) || version < 1))
    throw new ApiError("not_found", `Rule set version ${version} not found`);
  const row = await db().policyRuleSetVersion.findFirst({
    where: { workspaceId: id, ...(version === undefined ? {} : { version }) },
    orderBy: { version: "desc" },
  });
  if (!row) {
    if (version === undefined) return null;
    throw new ApiError("not_found", `Rule set version ${version} not found`);
  }
  const [found] = await versionsOf(db(), [row]);
  return found!;
}
