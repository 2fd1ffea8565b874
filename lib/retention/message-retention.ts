import { recordAuditSql } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";
import { requireUuid } from "@/lib/ids";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";

// A workspace's retention of messages (issue 38, item 4; docs/decisions/045-erasure.md): "delete messages older than
// N days", off by default. An admin sets it (a fresh check where the workspace asks for one); the retention job
// (./prune-expired-rows.ts) does the deleting, in batches.

export const MESSAGE_RETENTION_DAYS_MAX = 36_500;

const SET = query("retention.setMessageDays", {
  text: `INSERT INTO workspace_settings (workspace_id, message_retention_days) VALUES ($1, $2)
   ON CONFLICT (workspace_id) DO UPDATE SET message_retention_days = excluded.message_retention_days, updated_at = now()`,
});

export interface SetMessageRetentionOptions {
  workspaceId: string;
  /** Messages older than this many days are deleted; null keeps them. */
  days: number | null;
}

export async function setMessageRetention(actor: Actor, { workspaceId, days }: SetMessageRetentionOptions) {
  const id = requireUuid(workspaceId, "Workspace");
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > MESSAGE_RETENTION_DAYS_MAX))
    throw new ApiError("invalid_body", `Days: a whole number from 1 to ${MESSAGE_RETENTION_DAYS_MAX}, or none to keep every message`, {
      field: "days",
    });
  const workspace = await db().workspace.findUnique({ where: { id }, select: { id: true } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireAdminOrSystem(actor, { client: db(), workspaceId: id });
  await requireStepUpToChange(actor, id);
  await transaction(async (tx) => {
    await tx.query(SET, [id, days]);
    await recordAuditSql(tx, {
      workspaceId: id,
      actor,
      action: "workspace.message_retention_set",
      subjectType: "workspace",
      subjectId: id,
      data: { days },
    });
  });
  return { workspace_id: id, message_retention_days: days };
}

/** The workspace's retention of messages, in days (null: kept). Any member may read it. */
export async function messageRetentionDays(workspaceId: string): Promise<number | null> {
  const settings = await db().workspaceSettings.findUnique({
    where: { workspaceId: requireUuid(workspaceId, "Workspace") },
    select: { messageRetentionDays: true },
  });
  return settings?.messageRetentionDays ?? null;
}
