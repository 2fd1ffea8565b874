import { db } from "@/lib/db/client";
import { conversationVisibleTo, requireContactAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import type { ContactAccess } from "./contact-access";

/**
 * A person reading a contact's memory (the chat, their AI assistant through MCP): whoever sees the contact may, and
 * what they may cite are the contact's conversations in its workspace that they see (lib/people/access.ts).
 */
export async function requirePersonContact(actor: PersonActor, id: string): Promise<ContactAccess> {
  const { contact } = await requireContactAccess(actor, { client: db(), contactId: id });
  const conversations = await db().conversation.findMany({
    where: {
      workspaceId: contact.workspaceId,
      participants: { some: { contactId: contact.id } },
      ...conversationVisibleTo(actor.userId),
    },
    select: { id: true },
  });
  return { contactId: contact.id, workspaceId: contact.workspaceId, conversationIds: conversations.map((c) => c.id) };
}
