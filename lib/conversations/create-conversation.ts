import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { createContact } from "@/lib/contacts/create-contact";
import { authorizeBot } from "./authorize-bot";

/**
 * A person opens a conversation: they take part in it, with other members and contacts of the workspace (and a new
 * contact, made in the same transaction, so a refused conversation leaves no contact behind), and may authorize bots
 * in it at once.
 */
export async function createConversation(
  actor: PersonActor,
  input: {
    workspaceId: string;
    title?: string | null;
    userIds?: string[];
    contactIds?: string[];
    newContact?: { name: string } | null;
    botIds?: string[];
  },
) {
  await requireMember(db(), actor, input.workspaceId);
  const userIds = [...new Set([actor.userId, ...(input.userIds ?? [])])];
  const contactIds = [...new Set(input.contactIds ?? [])];
  return db().$transaction(async (tx) => {
    const members = await tx.membership.count({ where: { workspaceId: input.workspaceId, userId: { in: userIds } } });
    if (members !== userIds.length)
      throw new ApiError("invalid_body", "Every participant must be a member of the workspace");
    const contacts = await tx.contact.count({ where: { workspaceId: input.workspaceId, id: { in: contactIds } } });
    if (contacts !== contactIds.length)
      throw new ApiError("invalid_body", "Every contact must belong to the workspace");
    if (input.newContact) {
      const contact = await createContact(actor, { workspaceId: input.workspaceId, name: input.newContact.name }, tx);
      contactIds.push(contact.id);
    }
    const conversation = await tx.conversation.create({
      data: { workspaceId: input.workspaceId, title: input.title ?? null, createdByUserId: actor.userId },
    });
    await tx.conversationParticipant.createMany({
      data: [
        ...userIds.map((userId) => ({ conversationId: conversation.id, userId })),
        ...contactIds.map((contactId) => ({ conversationId: conversation.id, contactId })),
      ],
    });
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actor,
      action: "conversation.created",
      subjectType: "conversation",
      subjectId: conversation.id,
    });
    for (const botId of new Set(input.botIds ?? [])) await authorizeBot(actor, conversation.id, botId, tx);
    return conversation;
  });
}
