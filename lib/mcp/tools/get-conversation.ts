import { getThread } from "@/lib/chat/get-thread";
import { conversationId, READ } from "../inputs";
import { defineTool } from "../tool";

export const getConversation = defineTool({
  name: "get_conversation",
  title: "Get a conversation",
  description:
    "One conversation's details: people, contacts (with the ids search_contact_memory and get_contact_context take), bots " +
    "and whether each may post, who took it over, the drafts and held messages waiting for approval there, scheduled " +
    "follow-ups, and the last message's seq. Read the messages themselves with read_messages.",
  scope: "read",
  input: { conversation_id: conversationId },
  ids: { conversation_id: "conversation" },
  untrusted: true,
  annotations: READ,
  run: async ({ actor }, { conversation_id }) => {
    const { conversation, drafts, follow_ups, last_seq, viewer } = await getThread(actor, conversation_id);
    return { conversation, pending_approvals: drafts, follow_ups, last_seq, viewer };
  },
});
