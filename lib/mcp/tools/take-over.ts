import { release, takeOver } from "@/lib/conversations/take-over";
import { conversationId } from "../inputs";
import { defineTool } from "../tool";

export const takeOverConversation = defineTool({
  name: "take_over_conversation",
  title: "Take a conversation over",
  description:
    "The person takes the conversation over: until it is released, every bot message there waits for a person's approval " +
    "(reason conversation_taken_over). Taking over one someone else holds moves it to this person.",
  scope: "write",
  input: { conversation_id: conversationId },
  ids: { conversation_id: "conversation" },
  untrusted: false,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: ({ actor }, { conversation_id }) => takeOver(actor, conversation_id),
});

export const releaseConversation = defineTool({
  name: "release_conversation",
  title: "Release a taken-over conversation",
  description: "Ends a take-over: bots may post in the conversation again under the workspace's policy.",
  scope: "write",
  input: { conversation_id: conversationId },
  ids: { conversation_id: "conversation" },
  untrusted: false,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: ({ actor }, { conversation_id }) => release(actor, conversation_id),
});
