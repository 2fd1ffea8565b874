import { z } from "zod";
import { Cursor, Limit, plainText, Timestamp, Uuid } from "./common";

export const Conversation = z
  .object({
    id: Uuid,
    title: z.string().nullable(),
    last_message_at: Timestamp,
    last_message_preview: z.string(),
  })
  .meta({ id: "Conversation" });

export const ConversationListQuery = z.object({ limit: Limit, cursor: Cursor });

export const ConversationList = z
  .object({ data: z.array(Conversation), next_cursor: z.string().nullable() })
  .meta({ id: "ConversationList" });

/** Free text a form may leave empty (then null), trimmed, at most `max` characters. */
const optionalText = (max: number, tooLong: string) =>
  plainText()
    .trim()
    .max(max, tooLong)
    .transform((value) => value || null);

/** A person's new conversation, as the chat's form sends it (lib/conversations/create-conversation.ts). */
export const NewConversation = z.object({
  title: optionalText(200, "A title has at most 200 characters"),
  userIds: z.array(Uuid).default([]),
  contactIds: z.array(Uuid).default([]),
  newContactName: optionalText(200, "A contact's name has at most 200 characters"),
  botIds: z.array(Uuid).default([]),
});
