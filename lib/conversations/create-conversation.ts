import { db } from "@/lib/db/client";
import { query, transaction, type RowOf } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import type { Conversation } from "@/lib/generated/prisma/client";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { createNamedContact } from "@/lib/contacts/create-named-contact";
import { authorizeBot } from "./authorize-bot";

/**
 * A person opens a conversation: they take part in it, with other members and contacts of the workspace (and a new
 * contact, made in the same transaction, so a refused conversation leaves no contact behind), and may authorize bots
 * in it at once. Two steps: the person's membership is read as every workspace action reads it (requireMember,
 * Prisma); the conversation is then one SQL transaction, as authorizing a bot tells it (docs/decisions/005).
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
  await requireMember(actor, { client: db(), workspaceId: input.workspaceId });
  const userIds = [...new Set([actor.userId, ...(input.userIds ?? [])])];
  const contactIds = [...new Set(input.contactIds ?? [])];
  return transaction(async (tx) => {
    const [members] = await tx.query(COUNT_MEMBERS, [input.workspaceId, userIds]);
    if (members!.n !== userIds.length)
      throw new ApiError("invalid_body", "Every participant must be a member of the workspace");
    const [contacts] = await tx.query(COUNT_CONTACTS, [input.workspaceId, contactIds]);
    if (contacts!.n !== contactIds.length)
      throw new ApiError("invalid_body", "Every contact must belong to the workspace");
    if (input.newContact) {
      const contact = await createNamedContact(tx, {
        actor,
        workspaceId: input.workspaceId,
        name: input.newContact.name,
      });
      contactIds.push(contact.id);
    }
    const [row] = await tx.query(INSERT_CONVERSATION, [input.workspaceId, input.title ?? null, actor.userId]);
    const conversation = conversationModel(row!);
    await tx.query(INSERT_PARTICIPANTS, [conversation.id, userIds, contactIds]);
    await recordAuditSql(tx, {
      workspaceId: input.workspaceId,
      actor,
      action: "conversation.created",
      subjectType: "conversation",
      subjectId: conversation.id,
    });
    for (const botId of new Set(input.botIds ?? []))
      await authorizeBot(actor, { conversationId: conversation.id, botId, tx });
    return conversation;
  });
}

const COUNT_MEMBERS = query("conversations.countMembers", {
  text: "SELECT count(*)::int AS n FROM memberships WHERE workspace_id = $1 AND user_id = ANY ($2::uuid[])",
  notNull: ["n"], // count
});
const COUNT_CONTACTS = query("conversations.countContacts", {
  text: "SELECT count(*)::int AS n FROM contacts WHERE workspace_id = $1 AND id = ANY ($2::uuid[])",
  notNull: ["n"], // count
});
const INSERT_CONVERSATION = query("conversations.insert", {
  text: `INSERT INTO conversations (workspace_id, title, created_by_user_id) VALUES ($1, $2, $3)
  RETURNING id, workspace_id, title, last_seq, last_message_at, last_message_preview, taken_over_by_user_id,
            taken_over_at, created_by_user_id, labels, created_at`,
});
/** $2 the people, $3 the contacts. */
const INSERT_PARTICIPANTS = query("conversations.insertParticipants", {
  text: `INSERT INTO conversation_participants (conversation_id, user_id, contact_id)
  SELECT $1::uuid, person, NULL FROM unnest($2::uuid[]) AS person
  UNION ALL
  SELECT $1::uuid, NULL, contact FROM unnest($3::uuid[]) AS contact`,
});

const conversationModel = (row: RowOf<"conversations.insert">): Conversation => ({
  id: row.id,
  workspaceId: row.workspace_id,
  title: row.title,
  lastSeq: row.last_seq,
  lastMessageAt: row.last_message_at,
  lastMessagePreview: row.last_message_preview,
  takenOverByUserId: row.taken_over_by_user_id,
  takenOverAt: row.taken_over_at,
  createdByUserId: row.created_by_user_id,
  labels: row.labels,
  createdAt: row.created_at,
});
