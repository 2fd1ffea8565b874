import { z } from "zod";
import { readMessages as read } from "@/lib/chat/read-messages";
import { READ, conversationId, limit } from "../inputs";
import { defineTool } from "../tool";

export const readMessages = defineTool({
  name: "read_messages",
  title: "Read messages",
  description:
    "A page of a conversation's messages in order (ascending seq), each with its sender (person, bot with who approved it, " +
    "or system). Start with after_seq 0, then pass back next_after_seq while has_more is true. To read only the latest, " +
    "take last_seq from get_conversation and start a little before it.",
  scope: "read",
  input: {
    conversation_id: conversationId,
    after_seq: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Messages after this seq (exclusive); default 0, the beginning"),
    limit,
  },
  ids: { conversation_id: "conversation" },
  untrusted: true,
  annotations: READ,
  run: ({ actor }, { conversation_id, after_seq, limit }) =>
    read(actor, { conversationId: conversation_id, afterSeq: after_seq, limit }),
});
