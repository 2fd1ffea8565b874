"use server";

import { authorizeBot, removeBot } from "@/lib/conversations/authorize-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { blockBot, unblockBot } from "@/lib/conversations/block-bot";
import { setConversationLabels } from "@/lib/conversations/set-conversation-labels";
import { release, takeOver } from "@/lib/conversations/take-over";
import { ApiError } from "@/lib/errors";
import type { ConversationLabelsValues, NewConversationValues } from "@/lib/forms/form-state";
import { NewConversation } from "@/lib/schemas/conversations";
import { ConversationLabelsForm, labelsFromText } from "@/lib/schemas/labels";
import { formAction } from "@/app/_lib/action";

// The chat's conversations actions (app/_lib/action.ts says how every action answers).

export const setTakenOver = formAction((conversationId: string, on: boolean, path: string) => ({
  path,
  run: async (actor) => {
    await (on ? takeOver(actor, conversationId) : release(actor, conversationId));
    return { done: on ? "You took over: bot messages here wait for approval" : "Released: bots may send again" };
  },
}));

export const setBotBlocked = formAction((conversationId: string, botId: string, on: boolean, path: string) => ({
  path,
  run: async (actor) => {
    await (on ? blockBot(actor, { conversationId, botId }) : unblockBot(actor, { conversationId, botId }));
    return { done: on ? "Bot blocked here" : "Bot unblocked" };
  },
}));

/** An admin sets the conversation's labels, which policy rules read (issue 33); a refusal keeps what was typed. */
export const saveConversationLabels = formAction((conversationId: string, path: string) => ({
  path,
  read: (form): ConversationLabelsValues => ({ labels: form.text("labels") }),
  schema: ConversationLabelsForm,
  schemaInput: ({ labels }) => ({ labels: labelsFromText(labels) }),
  fields: ["labels"] as const,
  run: async (actor, { labels }) => {
    await setConversationLabels(actor, { conversationId, labels });
    return { done: "Labels saved" };
  },
}));

export const addBot = formAction((conversationId: string, path: string) => ({
  path,
  read: (form) => ({ botId: form.text("botId") }),
  run: async (actor, { botId }) => {
    if (!botId) throw new ApiError("invalid_body", "Choose a bot to add");
    await authorizeBot(actor, { conversationId, botId });
    return { done: "Bot added" };
  },
}));

export const dropBot = formAction((conversationId: string, botId: string, path: string) => ({
  path,
  run: async (actor) => {
    await removeBot(actor, { conversationId, botId });
    return { done: "Bot removed" };
  },
}));

/** Starts a conversation and opens it; a refusal answers the form with what the person had chosen. */
export const startConversation = formAction((workspaceId: string, slug: string) => ({
  path: `/chat/${slug}/new`,
  args: { slug },
  read: (form): NewConversationValues => {
    const contactNames = form.texts("contactName");
    return {
      title: form.text("title"),
      userIds: form.texts("userId"),
      contacts: form.texts("contactId").map((id, i) => ({ id, name: contactNames[i] ?? "" })),
      newContactName: form.text("newContactName"),
      botIds: form.texts("botId"),
    };
  },
  schema: NewConversation,
  schemaInput: (values) => ({ ...values, contactIds: values.contacts.map((c) => c.id) }),
  run: async (actor, { newContactName, ...input }) => {
    const conversation = await createConversation(actor, {
      workspaceId,
      ...input,
      newContact: newContactName ? { name: newContactName } : null,
    });
    // The workspace's layout (its conversation list) is shared with the page opened next: render it again too.
    return { redirect: `/chat/${slug}/c/${conversation.id}`, revalidateLayout: `/chat/${slug}` };
  },
}));
