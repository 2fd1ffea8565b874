import { db, type Db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { validate } from "@/lib/schemas/validate";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireAdminOrSystem, requireMember, type Actor, type PersonActor } from "@/lib/people/actor";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";
import { PolicySettingsChange, type PolicySettings } from "@/lib/schemas/workspaces";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";

// A workspace's policy settings: the new-bot threshold, the daily limit per bot, an optional per-conversation limit,
// each bot's request rate (lib/throttle/bot-rate.ts), and when an approval still waiting gets its reminder
// (lib/notifications/reminders.ts), and its time zone (policy rules' windows read it when a contact's is not known).
// Admins change them (the chat's "Bots & policy" page, the CLI); every change is audited.

async function settingsOf(client: Db | Tx, workspaceId: string): Promise<PolicySettings> {
  const row = await client.workspaceSettings.findUnique({ where: { workspaceId } });
  return {
    workspace_id: workspaceId,
    new_bot_threshold: row?.newBotThreshold ?? POLICY_DEFAULTS.newBotThreshold,
    daily_limit: row?.dailyLimit ?? POLICY_DEFAULTS.dailyLimit,
    conversation_limit: row?.conversationLimit ?? POLICY_DEFAULTS.conversationLimit,
    conversation_window_seconds: row?.conversationWindowSeconds ?? POLICY_DEFAULTS.conversationWindowSeconds,
    approval_reminder_minutes: row?.approvalReminderMinutes ?? POLICY_DEFAULTS.approvalReminderMinutes,
    rate_per_second: row?.ratePerSecond ?? POLICY_DEFAULTS.ratePerSecond,
    rate_burst: row?.rateBurst ?? POLICY_DEFAULTS.rateBurst,
    time_zone: row?.timeZone ?? "UTC",
  };
}

/** The settings in effect, defaults applied; members of the workspace may read them. */
export async function readPolicySettings(actor: PersonActor, workspaceId: string): Promise<PolicySettings> {
  const id = requireUuid(workspaceId, "Workspace");
  await requireMember(actor, { client: db(), workspaceId: id });
  return settingsOf(db(), id);
}

export interface UpdatePolicySettingsOptions {
  workspaceId: string;
  /** The settings to change (validated here); the others stay. */
  changes: PolicySettingsChange;
}

/** Admins tune their workspace's policy; only the given settings change. Bad input changes nothing. */
export async function updatePolicySettings(actor: Actor, { workspaceId, changes }: UpdatePolicySettingsOptions) {
  const data = validate(PolicySettingsChange, { input: changes, what: "Policy settings" });
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireAdminOrSystem(actor, { client: db(), workspaceId: workspace.id });
  await requireStepUpToChange(actor, workspace.id);
  return db().$transaction(async (tx) => {
    await tx.workspaceSettings.upsert({
      where: { workspaceId: workspace.id },
      create: { workspaceId: workspace.id, ...data },
      update: { ...data, updatedAt: new Date() },
    });
    await recordAudit(tx, {
      workspaceId: workspace.id,
      actor,
      action: "workspace.policy_updated",
      subjectType: "workspace",
      subjectId: workspace.id,
      data: { ...data },
    });
    return settingsOf(tx, workspace.id);
  });
}
