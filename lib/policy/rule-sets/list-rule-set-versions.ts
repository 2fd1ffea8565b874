import { db } from "@/lib/db/client";
import type { Actor } from "@/lib/people/actor";
import { requireRulesAdmin } from "./require-rules-admin";
import { versionsOf, type RuleSetVersionInfo } from "./rule-set-version";

// The history of a workspace's rules, newest first: every version with who saved it, when, why and what it restored
// (issue 33 item 4). The rules themselves are read one version at a time (./get-rule-set.ts), and two versions'
// difference is ./diff-rule-sets.ts's. Admins only.

export const VERSIONS_PAGE_MAX = 200;

export interface ListRuleSetVersionsOptions {
  workspaceId: string;
  /** Versions older than this one only (the next page); none for the newest. */
  before?: number;
  /** At most this many (1 to VERSIONS_PAGE_MAX, default 50). */
  limit?: number;
}

/** A page of the workspace's saved versions, newest first, without their rules; `nextBefore` is null at the end. */
export async function listRuleSetVersions(
  actor: Actor,
  { workspaceId, before, limit = 50 }: ListRuleSetVersionsOptions,
): Promise<{ versions: RuleSetVersionInfo[]; nextBefore: number | null }> {
  const id = await requireRulesAdmin(actor, workspaceId);
  const take = Math.min(Math.max(1, Math.trunc(limit) || 50), VERSIONS_PAGE_MAX);
  const rows = await db().policyRuleSetVersion.findMany({
    where: { workspaceId: id, ...(Number.isSafeInteger(before) ? { version: { lt: before } } : {}) },
    orderBy: { version: "desc" },
    take: take + 1,
  });
  const page = rows.slice(0, take);
  const versions = (await versionsOf(db(), page)).map(({ rules: _rules, ...info }) => info);
  return { versions, nextBefore: rows.length > take ? page.at(-1)!.version : null };
}
