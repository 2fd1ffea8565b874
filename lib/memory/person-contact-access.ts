import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import type { ContactAccess } from "./contact-access";

/**
 * A person reading a contact's memory (the chat, their AI assistant through MCP): any member of the contact's
 * workspace may, and what they may cite are the contact's conversations they can open (those they take part in;
 * every one for an admin), as in the chat.
 */
export async function requirePersonContact(actor: PersonActor, id: string): Promise<ContactAccess> {
  const contact = await db().contact.findUnique({
    where: { id: requireUuid(id, "Contact") },
    select: { id: true, workspaceId: true },
  });
  if (!contact) throw new ApiError("not_found", "Contact not found");
  const membership = await requireMember(db(), actor, contact.workspaceId);
  const linked = await db().conversationParticipant.findMany({
    where: { contactId: contact.id },
    select: { conversationId: true },
  });
  let conversationIds = [...new Set(linked.map((p) => p.conversationId))];
  if (membership.role !== "admin") {
    const mine = await db().conversationParticipant.findMany({
      where: { userId: actor.userId, conversationId: { in: conversationIds } },
      select: { conversationId: true },
    });
    conversationIds = mine.map((p) => p.conversationId);
  }
  return { contactId: contact.id, workspaceId: contact.workspaceId, conversationIds };
}
