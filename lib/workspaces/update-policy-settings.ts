import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";
import type { WorkspacePolicySettings } from "./create-workspace";

// Limits are whole numbers of at least 1: a zero daily limit would be a silent suspension (suspend instead).
// A null conversation limit turns the per-conversation rate off (the default); a null window means the default hour.
function check(name: string, value: number | null | undefined, nullable: boolean) {
  if (value === undefined || (value === null && nullable)) return;
  if (value === null || !Number.isInteger(value) || value < 1) throw new ApiError("invalid_body", `${name} must be a whole number of at least 1`);
}

/** Admins tune their workspace's policy: the new-bot threshold, the daily limit, an optional per-conversation limit. */
export async function updatePolicySettings(actor: Actor, workspaceId: string, changes: WorkspacePolicySettings) {
  check("newBotThreshold", changes.newBotThreshold, false);
  check("dailyLimit", changes.dailyLimit, false);
  check("conversationLimit", changes.conversationLimit, true);
  check("conversationWindowSeconds", changes.conversationWindowSeconds, true);
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireAdminOrSystem(db(), actor, workspace.id);
  const data = {
    newBotThreshold: changes.newBotThreshold,
    dailyLimit: changes.dailyLimit,
    conversationLimit: changes.conversationLimit,
    conversationWindowSeconds: changes.conversationWindowSeconds,
  };
  return db().$transaction(async (tx) => {
    const settings = await tx.workspaceSettings.upsert({
      where: { workspaceId: workspace.id },
      create: { workspaceId: workspace.id, ...data },
      update: { ...data, updatedAt: new Date() },
    });
    await recordAudit(tx, { workspaceId: workspace.id, actor, action: "workspace.policy_updated", subjectType: "workspace", subjectId: workspace.id, data: { ...data } });
    return {
      workspace_id: workspace.id,
      new_bot_threshold: settings.newBotThreshold,
      daily_limit: settings.dailyLimit,
      conversation_limit: settings.conversationLimit,
      conversation_window_seconds: settings.conversationWindowSeconds,
    };
  });
}
