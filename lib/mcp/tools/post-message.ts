import { z } from "zod";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { MESSAGE_BODY_MAX } from "@/lib/limits";
import { conversationId } from "../inputs";
import { defineTool } from "../tool";

export const postMessage = defineTool({
  name: "post_message",
  title: "Post a message as the person",
  description:
    "Posts a message in a conversation as the person (the audit trail records it came through their assistant); every " +
    "bot of the conversation hears it and its scheduled follow-ups are cancelled. A message that is just STOP (or STOPALL, " +
    "UNSUBSCRIBE...) opts the person out of bot messages and START opts them back in, as in the chat. Get the person's " +
    "go-ahead on the text first.",
  scope: "write",
  input: {
    conversation_id: conversationId,
    body: z
      .string()
      .trim()
      .min(1)
      .max(MESSAGE_BODY_MAX)
      .describe(`The message text (1 to ${MESSAGE_BODY_MAX} characters)`),
  },
  ids: { conversation_id: "conversation" },
  untrusted: true,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  run: ({ actor }, { conversation_id, body }) => postPersonMessage(actor, { conversationId: conversation_id, body }),
});
