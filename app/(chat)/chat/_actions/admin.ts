"use server";

import { setBotStatus, type BotStatus } from "@/lib/bots/set-bot-status";
import { PolicySettingsChange, policySettingsFromForm } from "@/lib/schemas/workspaces";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { formText } from "@/app/_lib/form-text";
import type { ActionState, PolicySettingsState, PolicySettingsValues } from "@/lib/forms/form-state";
import { run, refusedText } from "@/app/(chat)/chat/_lib/run-action";

// The chat's admin actions (app/(chat)/chat/_lib/run-action.ts says how every chat action answers).

export async function changeBotStatus(
  botId: string,
  status: BotStatus,
  path: string,
  state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await setBotStatus(actor, botId, status, formText(formData, "reason") || undefined);
    return status === "active" ? "Bot active" : status === "paused" ? "Bot paused" : "Bot stopped";
  });
}

/** An admin saves the workspace's policy settings; a refusal keeps what was typed. */
export async function savePolicySettings(
  workspaceId: string,
  path: string,
  state: PolicySettingsState,
  formData: FormData,
): Promise<PolicySettingsState> {
  let values: PolicySettingsValues;
  try {
    values = {
      newBotThreshold: formText(formData, "newBotThreshold"),
      dailyLimit: formText(formData, "dailyLimit"),
      conversationLimit: formText(formData, "conversationLimit"),
      conversationWindowSeconds: formText(formData, "conversationWindowSeconds"),
      approvalReminderMinutes: formText(formData, "approvalReminderMinutes"),
      ratePerSecond: formText(formData, "ratePerSecond"),
      rateBurst: formText(formData, "rateBurst"),
    };
  } catch (error) {
    return refusedText(state.n + 1, error);
  }
  // Checked here first too, so the person reads the one problem in words (the domain's refusal names the field).
  const parsed = PolicySettingsChange.safeParse(policySettingsFromForm(values));
  if (!parsed.success) return { n: state.n + 1, values, error: parsed.error.issues[0]!.message };
  const answer = await run(state, path, async (actor) => {
    await updatePolicySettings(actor, workspaceId, parsed.data);
    return "Policy saved";
  });
  return answer.error ? { ...answer, values } : answer;
}
