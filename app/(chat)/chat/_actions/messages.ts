"use server";

import { currentActor } from "@/lib/auth/current-actor";
import { markConversationRead } from "@/lib/chat/mark-read";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { ApiError } from "@/lib/errors";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { formFields, formText, formTexts } from "@/app/_lib/form-text";
import type { ActionState } from "@/lib/forms/form-state";
import { run } from "@/app/(chat)/chat/_lib/run-action";

// The chat's messages actions (app/(chat)/chat/_lib/run-action.ts says how every chat action answers).

export async function sendMessage(
  conversationId: string,
  path: string,
  state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    const attachmentIds = formTexts(formData, "attachmentId").filter(Boolean);
    const { consent } = await postPersonMessage(
      actor,
      conversationId,
      formText(formData, "body"),
      attachmentIds.length ? { attachmentIds } : undefined,
    );
    return consent === "opted_out" ? "Opted out" : consent === "opted_in" ? "Opted back in" : "Sent";
  });
}

/** The consent buttons say what a person would type: STOP or START, confirmed in the thread like typed ones. */
export async function setConsent(
  conversationId: string,
  optedOut: boolean,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await postPersonMessage(actor, conversationId, optedOut ? "STOP" : "START");
    return optedOut ? "Opted out" : "Opted back in";
  });
}

export async function approve(
  draftId: string,
  path: string,
  state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    const body = formText(formData, "body");
    const original = formText(formData, "original");
    await approveDraft(actor, draftId, formData.has("body") && body.trim() !== original.trim() ? { body } : {});
    return "Approved and sent";
  });
}

export async function reject(
  draftId: string,
  path: string,
  state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await rejectDraft(actor, draftId, formText(formData, "note") || undefined);
    return "Rejected";
  });
}

export async function answerCard(
  messageId: string,
  path: string,
  state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    const actionKey = formText(formData, "actionKey");
    const values = formFields(formData, "input:");
    await submitCardAction(actor, messageId, { actionKey, values });
    return "Sent to the bot";
  });
}

/** Called by the open thread as the person reads; never refreshes (it changes nothing on the page but counts). */
export async function markRead(conversationId: string, seq: number): Promise<void> {
  const actor = await currentActor(`/chat`);
  try {
    await markConversationRead(actor, conversationId, seq);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}
