import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";
import type { WorkspacePolicySettings } from "./create-workspace";

const positive = (name: string, value: number | null | undefined, nullable = false) => {
  if (value === undefined || (value === null && nullable)) return;
  if (value === null || !Number.isInteger(value) || value < 1) throw new ApiError("invalid_body", `${name} must be a whole number of at least 1`);
};

/** Admins tune their workspace's policy: the new-bot threshold, the daily limit, an optional per-conversation limit. */
export async function updatePolicySettings(actor: Actor, workspaceId: string, changes: WorkspacePolicySettings) {
  positive("newBotThreshold", changes.newBotThreshold);
  positive("dailyLimit", changes.dailyLimit);
  positive("conversationLimit", changes.conversationLimit, true);
  positive("conversationWindowSeconds", changes.conversationWindowSeconds, true);
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireAdminOrSystem(db(), actor, workspaceId);
  return db().$transaction(async (tx) => {
    const data = { ...changes, updatedAt: new Date() };
    const settings = await tx.workspaceSettings.upsert({ where: { workspaceId }, create: { workspaceId, ...data }, update: data });
    await recordAudit(tx, { workspaceId, actor, action: "workspace.policy_updated", subjectType: "workspace", subjectId: workspaceId, data: { ...changes } });
    return {
      workspace_id: workspaceId,
      new_bot_threshold: settings.newBotThreshold,
      daily_limit: settings.dailyLimit,
      conversation_limit: settings.conversationLimit,
      conversation_window_seconds: settings.conversationWindowSeconds,
    };
  });
}
