"use server";

import { markConversationRead } from "@/lib/chat/mark-read";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { stepUpPasskeyOptions } from "@/lib/factors/step-up-gate";
import { approvalPasskeyOptions } from "@/lib/drafts/approval-passkey";
import { formAction, plainAction } from "@/app/_lib/action";

// The chat's messages actions (app/_lib/action.ts says how every action answers). Pages update by themselves (the
// conversation's live stream); refreshing also re-renders this person's page at once.

export const sendMessage = formAction((conversationId: string, path: string) => ({
  path,
  read: (form) => ({ attachmentIds: form.texts("attachmentId").filter(Boolean), body: form.text("body") }),
  run: async (actor, { body, attachmentIds }) => {
    const { consent } = await postPersonMessage(actor, { conversationId, body, attachmentIds });
    return { done: consent === "opted_out" ? "Opted out" : consent === "opted_in" ? "Opted back in" : "Sent" };
  },
}));

/** The consent buttons say what a person would type: STOP or START, confirmed in the thread like typed ones. */
export const setConsent = formAction((conversationId: string, optedOut: boolean, path: string) => ({
  path,
  run: async (actor) => {
    await postPersonMessage(actor, { conversationId, body: optedOut ? "STOP" : "START" });
    return { done: optedOut ? "Opted out" : "Opted back in" };
  },
}));

/** Approves a draft as it is, or as edited when the edit differs from the original. */
export const approve = formAction((draftId: string, path: string) => ({
  path,
  read: (form) => ({
    body: form.has("body") ? form.text("body") : null,
    original: form.text("original"),
    seen: form.text("seen"),
    stepUpCode: form.text("stepUpCode"),
    stepUpPasskey: form.text("stepUpPasskey"),
  }),
  fields: ["stepUpCode"] as const,
  run: async (actor, { body, original, seen, stepUpCode, stepUpPasskey }) => {
    const edited = body !== null && body.trim() !== original.trim();
    const { approvals } = await approveDraft(actor, {
      draftId,
      body: edited ? body : undefined,
      seen: seen || undefined,
      stepUp: { code: stepUpCode || undefined, passkey: stepUpPasskey || undefined },
    });
    if (approvals)
      return {
        done: `Your approval is counted: ${approvals.given} of ${approvals.required}; it is sent at ${approvals.required}`,
      };
    return { done: "Approved and sent" };
  },
  // Changed since the page showed it: the page is drawn again with the new text beside the refusal.
  refreshWhenRefused: (error) => error.extras.reasons?.includes("content_changed") ?? false,
}));

export const reject = formAction((draftId: string, path: string) => ({
  path,
  read: (form) => ({ note: form.text("note") }),
  run: async (actor, { note }) => {
    await rejectDraft(actor, { draftId, note: note || undefined });
    return { done: "Rejected" };
  },
}));

export const answerCard = formAction((messageId: string, path: string) => ({
  path,
  read: (form) => ({ actionKey: form.text("actionKey"), values: form.fields("input:") }),
  run: async (actor, answer) => {
    await submitCardAction(actor, { messageId, ...answer });
    return { done: "Sent to the bot" };
  },
}));

/** Called by the open thread as the person reads; never refreshes (it changes nothing on the page but counts). */
export const markRead = plainAction((conversationId: string, seq: number) => ({
  path: "/chat",
  run: async (actor) => {
    await markConversationRead(actor, { conversationId, seq });
  },
  refused: () => {},
}));

/** A passkey ceremony's options for a step-up check (an approval that needs one): the person's own passkeys. */
export const stepUpOptions = plainAction(() => ({
  path: "/chat",
  run: async (actor): Promise<StepUpOptionsAnswer> => ({ options: await stepUpPasskeyOptions(actor) }),
  refused: (error): StepUpOptionsAnswer => ({ error: error.message }),
}));

/**
 * A passkey ceremony's options for approving this item as the card shows it (`seen`), with the text about to be sent
 * (the person's edit, or null): the challenge is derived from both (lib/drafts/approval-passkey.ts).
 */
export const approvalPasskey = plainAction((draftId: string, seen: string, body: string | null) => ({
  path: "/chat",
  run: async (actor): Promise<StepUpOptionsAnswer> => ({
    options: await approvalPasskeyOptions(actor, { draftId, seen, body }),
  }),
  refused: (error): StepUpOptionsAnswer => ({ error: error.message }),
}));

type StepUpOptionsAnswer = { options: Awaited<ReturnType<typeof stepUpPasskeyOptions>> } | { error: string };
