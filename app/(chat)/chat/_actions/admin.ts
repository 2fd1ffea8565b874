"use server";

import { setBotStatus, type BotStatus } from "@/lib/bots/set-bot-status";
import type { PolicySettingsValues } from "@/lib/forms/form-state";
import { PolicySettingsChange, policySettingsFromForm } from "@/lib/schemas/workspaces";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { setSecondFactorPolicy } from "@/lib/factors/enforcement";
import { requestExport } from "@/lib/privacy/request-export";
import { setMessageRetention } from "@/lib/retention/message-retention";
import type {
  DeclineErasureValues,
  MessageRetentionValues,
  RemovePersonValues,
  TypedConfirmValues,
} from "@/lib/forms/form-state";
import { deleteWorkspace } from "@/lib/privacy/erase-workspace";
import { removePerson } from "@/lib/privacy/erase-person";
import { confirmErasureRequest, declineErasureRequest } from "@/lib/privacy/erasure-requests";
import { formAction } from "@/app/_lib/action";

// The chat's admin actions (app/_lib/action.ts says how every action answers).

export const changeBotStatus = formAction((botId: string, status: BotStatus, path: string) => ({
  path,
  read: (form) => ({ reason: form.text("reason") }),
  run: async (actor, { reason }) => {
    await setBotStatus(actor, { botId, status, reason: reason || undefined });
    return { done: status === "active" ? "Bot active" : status === "paused" ? "Bot paused" : "Bot stopped" };
  },
}));

/** An admin saves the workspace's policy settings; a refusal keeps what was typed. */
export const savePolicySettings = formAction((workspaceId: string, path: string) => ({
  path,
  read: (form): PolicySettingsValues => ({
    newBotThreshold: form.text("newBotThreshold"),
    dailyLimit: form.text("dailyLimit"),
    conversationLimit: form.text("conversationLimit"),
    conversationWindowSeconds: form.text("conversationWindowSeconds"),
    approvalReminderMinutes: form.text("approvalReminderMinutes"),
    ratePerSecond: form.text("ratePerSecond"),
    rateBurst: form.text("rateBurst"),
    timeZone: form.text("timeZone"),
  }),
  // Checked here first too, so the person reads the one problem in words (the domain's refusal names the field).
  schema: PolicySettingsChange,
  schemaInput: policySettingsFromForm,
  fields: ["timeZone"] as const,
  run: async (actor, change) => {
    await updatePolicySettings(actor, { workspaceId, changes: change });
    return { done: "Policy saved" };
  },
}));

/** An admin sets who must have a second factor to decide, and step-up before approvals (lib/factors/enforcement.ts). */
export const saveTwoFactor = formAction((workspaceId: string, path: string) => ({
  path,
  read: (form) => ({ twoFactor: form.text("twoFactor"), stepUp: form.has("stepUp") ? "approvals" : "off" }),
  fields: ["twoFactor", "stepUp"] as const,
  run: async (actor, { twoFactor, stepUp }) => {
    const saved = await setSecondFactorPolicy(actor, { workspaceId, policy: { twoFactor, stepUp } });
    return { done: "Saved", values: { twoFactor: saved.two_factor, stepUp: saved.step_up } };
  },
}));

/** An admin asks for an export of the whole workspace (issue 38); the page lists it as it is built. */
export const exportWorkspace = formAction((workspaceId: string, path: string) => ({
  path,
  run: async (actor) => {
    await requestExport(actor, { workspaceId, subjectType: "workspace", subjectId: workspaceId });
    return { done: "Export asked for" };
  },
}));

/** An admin sets how long the workspace keeps its messages (issue 38); empty keeps every message. */
export const saveMessageRetention = formAction((workspaceId: string, path: string) => ({
  path,
  read: (form): MessageRetentionValues => ({ days: form.text("days") }),
  fields: ["days"] as const,
  run: async (actor, _input, { days }) => {
    const text = days.trim();
    const saved = await setMessageRetention(actor, { workspaceId, days: text === "" ? null : Number(text) });
    return {
      done: saved.message_retention_days === null ? "Every message is kept" : `Messages older than ${saved.message_retention_days} days will be deleted`,
    };
  },
}));

/** The People page again, saying what was done (the row or request it was done to is gone from it). */
const peopleDone = (path: string, done: "removed" | "erased" | "declined") => ({ redirect: `${path}?done=${done}` });

/**
 * An admin removes a person from the workspace, with or without erasing what they wrote (issue 38): their e-mail typed
 * again to confirm. An admin who removes themselves leaves for the chat's start.
 */
export const removePersonForm = formAction((workspaceId: string, userId: string, path: string) => ({
  path,
  read: (form): RemovePersonValues => ({ confirm: form.text("confirm"), erase: form.has("erase") ? "on" : "" }),
  fields: ["confirm"] as const,
  run: async (actor, _input, { confirm, erase }) => {
    await removePerson(actor, { workspaceId, userId, confirm, erase: erase === "on" });
    if (actor.type === "person" && actor.userId === userId) return { redirect: "/chat" };
    return peopleDone(path, erase === "on" ? "erased" : "removed");
  },
}));

/** An admin confirms a person's request to be erased: they are removed and what they wrote is erased. */
export const confirmErasureForm = formAction((workspaceId: string, requestId: string, path: string) => ({
  path,
  read: (form): RemovePersonValues => ({ confirm: form.text("confirm"), erase: "on" }),
  fields: ["confirm"] as const,
  run: async (actor, _input, { confirm }) => {
    await confirmErasureRequest(actor, { workspaceId, requestId, confirm });
    return peopleDone(path, "erased");
  },
}));

/** An admin declines a person's request to be erased, with the reason they will read. */
export const declineErasureForm = formAction((workspaceId: string, requestId: string, path: string) => ({
  path,
  read: (form): DeclineErasureValues => ({ reason: form.text("reason") }),
  fields: ["reason"] as const,
  run: async (actor, _input, { reason }) => {
    await declineErasureRequest(actor, { workspaceId, requestId, reason });
    return peopleDone(path, "declined");
  },
}));

/** An admin deletes the workspace, its address typed again (issue 38); they leave for the chat's start. */
export const deleteWorkspaceForm = formAction((workspaceId: string, path: string) => ({
  path,
  read: (form): TypedConfirmValues => ({ confirm: form.text("confirm") }),
  fields: ["confirm"] as const,
  run: async (actor, _input, { confirm }) => {
    await deleteWorkspace(actor, { workspaceId, confirm });
    return { redirect: "/chat" };
  },
}));
