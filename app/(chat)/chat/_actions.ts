"use server";

import { refresh, revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { currentActor } from "@/lib/auth/current-actor";
import { setBotStatus, type BotStatus } from "@/lib/bots/set-bot-status";
import { markConversationRead } from "@/lib/chat/mark-read";
import { createContact } from "@/lib/contacts/create-contact";
import { findContacts, type ContactOption } from "@/lib/contacts/find-contacts";
import { setDoNotContact } from "@/lib/contacts/set-do-not-contact";
import { setContactSensitivity, type Sensitivity } from "@/lib/contacts/set-sensitivity";
import { updateContact } from "@/lib/contacts/update-contact";
import { authorizeBot, removeBot } from "@/lib/conversations/authorize-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { blockBot, unblockBot } from "@/lib/conversations/block-bot";
import { release, takeOver } from "@/lib/conversations/take-over";
import { approveDraft, rejectDraft } from "@/lib/drafts/approve-draft";
import { ApiError } from "@/lib/errors";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { submitCardAction } from "@/lib/messages/submit-card-action";
import { confirmFact, editFact, rejectFact, retireFact } from "@/lib/memory/decide-fact";
import { approveAgentRequest, declineAgentRequest } from "@/lib/agents/approve-agent-request";
import { ContactDetails } from "@/lib/schemas/contacts";
import { NewConversation } from "@/lib/schemas/conversations";
import { PolicySettingsChange, policySettingsFromForm } from "@/lib/schemas/workspaces";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { actionText, formFields, formText, formTexts } from "@/app/_lib/form-text";
import type { ActionState } from "@/components/chat/action-state";
import type { NewConversationState, NewConversationValues } from "@/components/chat/new-conversation-form";
import type { PolicySettingsState, PolicySettingsValues } from "@/components/chat/policy-settings-form";
import type { ContactFormState, ContactFormValues } from "@/components/chat/contact-form";

// The chat's mutations: each reads its form, calls one domain function as the signed-in person (who may do what is
// the domain's business) and answers with a refusal in words or a short confirmation. Pages update by themselves
// (the conversation's live stream); refresh() also re-renders this person's page at once. Forms are read inside the
// refusal's reach: a text that breaks the text rule (app/_lib/form-text.ts) is answered like any other refusal.

async function run(
  state: ActionState,
  callbackPath: string,
  work: (actor: Awaited<ReturnType<typeof currentActor>>) => Promise<string | void>,
): Promise<ActionState> {
  const actor = await currentActor(callbackPath);
  const n = state.n + 1;
  try {
    const done = await work(actor);
    refresh();
    return { n, done: done ?? undefined };
  } catch (error) {
    if (error instanceof ApiError) return { n, error: error.message };
    throw error;
  }
}

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

export async function setTakenOver(
  conversationId: string,
  on: boolean,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await (on ? takeOver(actor, conversationId) : release(actor, conversationId));
    return on ? "You took over: bot messages here wait for approval" : "Released: bots may send again";
  });
}

export async function setContactDoNotContact(
  contactId: string,
  on: boolean,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await setDoNotContact(actor, contactId, on);
    return on ? "Marked do-not-contact" : "Do-not-contact removed";
  });
}

const contactValues = (formData: FormData): ContactFormValues => ({
  name: formText(formData, "name"),
  email: formText(formData, "email"),
  phone: formText(formData, "phone"),
});

/** A refusal of a form's text before anything else: the form keeps what it had. */
function refusedText(n: number, error: unknown): { n: number; error: string } {
  if (error instanceof ApiError) return { n, error: error.message };
  throw error;
}

/** A member corrects a contact's details; a refusal keeps what was typed. */
export async function saveContact(
  contactId: string,
  path: string,
  state: ContactFormState,
  formData: FormData,
): Promise<ContactFormState> {
  let values: ContactFormValues;
  try {
    values = contactValues(formData);
  } catch (error) {
    return refusedText(state.n + 1, error);
  }
  const parsed = ContactDetails.safeParse(values);
  if (!parsed.success) return { n: state.n + 1, values, error: parsed.error.issues[0]!.message };
  const answer = await run(state, path, async (actor) => {
    const { changed } = await updateContact(actor, contactId, values);
    return changed.length ? "Contact saved" : "Nothing to change";
  });
  return answer.error ? { ...answer, values } : answer;
}

/** Adds a contact and opens its page; a refusal answers the form with what was typed. */
export async function addContact(
  workspaceId: string,
  slug: string,
  state: ContactFormState,
  formData: FormData,
): Promise<ContactFormState> {
  const actor = await currentActor(`/chat/${slug}/contacts`);
  const n = state.n + 1;
  let values: ContactFormValues;
  try {
    actionText(slug, "slug");
    values = contactValues(formData);
  } catch (error) {
    return refusedText(n, error);
  }
  const parsed = ContactDetails.safeParse(values);
  if (!parsed.success) return { n, values, error: parsed.error.issues[0]!.message };
  let contactId: string;
  try {
    contactId = (await createContact(actor, { workspaceId, ...parsed.data })).id;
  } catch (error) {
    if (error instanceof ApiError) return { n, values, error: error.message };
    throw error;
  }
  redirect(`/chat/${slug}/contacts/${contactId}`);
}

export async function setSensitivity(
  contactId: string,
  sensitivity: Sensitivity,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await setContactSensitivity(actor, contactId, sensitivity);
    return sensitivity === "high" ? "Marked sensitive" : "Sensitivity lowered";
  });
}

export async function setBotBlocked(
  conversationId: string,
  botId: string,
  on: boolean,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await (on ? blockBot(actor, conversationId, botId) : unblockBot(actor, conversationId, botId));
    return on ? "Bot blocked here" : "Bot unblocked";
  });
}

export async function addBot(
  conversationId: string,
  path: string,
  state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    const botId = formText(formData, "botId");
    if (!botId) throw new ApiError("invalid_body", "Choose a bot to add");
    await authorizeBot(actor, conversationId, botId);
    return "Bot added";
  });
}

export async function dropBot(
  conversationId: string,
  botId: string,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await removeBot(actor, conversationId, botId);
    return "Bot removed";
  });
}

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

export async function decideFact(
  factId: string,
  decision: "confirm" | "confirm_keep" | "reject" | "retire",
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    if (decision === "reject") await rejectFact(actor, factId);
    else if (decision === "retire") await retireFact(actor, factId);
    else await confirmFact(actor, factId, { keepOthers: decision === "confirm_keep" });
    return decision === "reject" ? "Rejected" : decision === "retire" ? "Retired" : "Confirmed";
  });
}

export async function reviseFact(
  factId: string,
  path: string,
  state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await editFact(actor, factId, formText(formData, "fact"));
    return "Saved";
  });
}

export async function decideAgentRequest(
  requestId: string,
  approve: boolean,
  path: string,
  state: ActionState,
): Promise<ActionState> {
  return run(state, path, async (actor) => {
    await (approve ? approveAgentRequest(actor, requestId) : declineAgentRequest(actor, requestId));
    return approve ? "Sent to the other bot" : "Declined";
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

/** The contacts matching what a person typed in the new-conversation form (nothing for a refusal). */
export async function findContactsToAdd(workspaceId: string, query: string): Promise<ContactOption[]> {
  const actor = await currentActor();
  try {
    return await findContacts(actor, workspaceId, actionText(query, "query"));
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

/** Starts a conversation and opens it; a refusal answers the form with what the person had chosen. */
export async function startConversation(
  workspaceId: string,
  slug: string,
  state: NewConversationState,
  formData: FormData,
): Promise<NewConversationState> {
  const actor = await currentActor(`/chat/${slug}/new`);
  const n = state.n + 1;
  let values: NewConversationValues;
  try {
    actionText(slug, "slug");
    const contactNames = formTexts(formData, "contactName");
    values = {
      title: formText(formData, "title"),
      userIds: formTexts(formData, "userId"),
      contacts: formTexts(formData, "contactId").map((id, i) => ({ id, name: contactNames[i] ?? "" })),
      newContactName: formText(formData, "newContactName"),
      botIds: formTexts(formData, "botId"),
    };
  } catch (error) {
    return refusedText(n, error);
  }
  const parsed = NewConversation.safeParse({ ...values, contactIds: values.contacts.map((c) => c.id) });
  if (!parsed.success) return { n, values, error: parsed.error.issues[0]!.message };
  let conversationId: string;
  try {
    const { newContactName, ...input } = parsed.data;
    const conversation = await createConversation(actor, {
      workspaceId,
      ...input,
      newContact: newContactName ? { name: newContactName } : null,
    });
    conversationId = conversation.id;
  } catch (error) {
    if (error instanceof ApiError) return { n, values, error: error.message };
    throw error;
  }
  // The workspace's layout (its conversation list) is shared with the page opened next: render it again too.
  revalidatePath(`/chat/${slug}`, "layout");
  redirect(`/chat/${slug}/c/${conversationId}`);
}
