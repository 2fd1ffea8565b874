import { db } from "@/lib/db/client";
import { requireConversationAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";

// What the workspace's policy rules read of a conversation (issue 33; docs/decisions/034-policy-rules.md): its labels,
// and its contacts' labels and time zones. Anyone who sees the conversation sees them (beside it in the chat); only
// admins change them (lib/conversations/set-conversation-labels.ts, lib/contacts/set-contact-routing.ts). Read apart
// from the thread (lib/chat/get-thread.ts), whose shape is also the MCP tool get_conversation's answer.

export interface ConversationRouting {
  labels: string[];
  /** Each contact in the conversation, by id: its labels, and its IANA time zone (null: not known). */
  contacts: Record<string, { labels: string[]; time_zone: string | null }>;
}

export interface GetConversationRoutingOptions {
  conversationId: string;
}

/** A conversation's labels and its contacts' labels and time zones, to anyone who may open it (else 404). */
export async function getConversationRouting(
  actor: PersonActor,
  { conversationId }: GetConversationRoutingOptions,
): Promise<ConversationRouting> {
  const { conversation } = await requireConversationAccess(actor, { client: db(), conversationId });
  const participants = await db().conversationParticipant.findMany({
    where: { conversationId: conversation.id, contactId: { not: null } },
    select: { contactId: true },
  });
  const contacts = await db().contact.findMany({
    where: { id: { in: participants.flatMap((p) => (p.contactId ? [p.contactId] : [])) } },
    select: { id: true, labels: true, timeZone: true },
  });
  return {
    labels: conversation.labels,
    contacts: Object.fromEntries(contacts.map((c) => [c.id, { labels: c.labels, time_zone: c.timeZone }])),
  };
}
