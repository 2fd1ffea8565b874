"use server";

import { revalidatePath } from "next/cache";
import { currentActor } from "@/lib/auth/current-actor";
import { authorizeBot, removeBot } from "@/lib/conversations/authorize-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { blockBot, unblockBot } from "@/lib/conversations/block-bot";
import { release, takeOver } from "@/lib/conversations/take-over";
import { ApiError } from "@/lib/errors";
import { NewConversation } from "@/lib/schemas/conversations";
import { actionText, formText, formTexts } from "@/app/_lib/form-text";
import type { ActionState, NewConversationState, NewConversationValues } from "@/lib/forms/form-state";
import { run, refusedText } from "@/app/(chat)/chat/_lib/run-action";
import { redirectInApp } from "@/app/_lib/redirect";

// The chat's conversations actions (app/(chat)/chat/_lib/run-action.ts says how every chat action answers).

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
  redirectInApp(`/chat/${slug}/c/${conversationId}`);
}
