import { db } from "@/lib/db/client";
import { query, sql } from "@/lib/db/sql";
import { conversationVisibleSql, requireContactAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { serializeContact } from "./serialize-contact";
import type { Sensitivity } from "./set-sensitivity";

// A contact as people see it on its own page: its details, the marks that limit bots, the labels and time zone policy
// rules read, and the conversations with it that the viewer may open (lib/people/access.ts: an admin, all of them; a
// member, those they take part in). The labels and zone are this page's, not serializeContact's: the CLI's shape of
// a contact stays as it is.

export interface ContactView {
  id: string;
  workspace_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  sensitivity: Sensitivity;
  do_not_contact: boolean;
  do_not_contact_by: string | null;
  do_not_contact_at: string | null;
  created_at: string;
  /** What the workspace's policy rules read (issue 33): its labels, and its IANA time zone (null: not known). */
  labels: string[];
  time_zone: string | null;
  conversations: { id: string; title: string | null; last_message_at: string }[];
  /** Conversations with the contact that the viewer may not open. */
  other_conversations: number;
}

const CONVERSATIONS = query("contacts.conversations", {
  text: `SELECT c.id, c.title, c.last_message_at, ${conversationVisibleSql("c", "$3")} AS visible
     FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id AND p.contact_id = $1
    WHERE c.workspace_id = $2
    ORDER BY c.last_message_at DESC, c.id`,
  notNull: ["visible"],
});

export async function getContact(actor: PersonActor, contactId: string): Promise<ContactView> {
  const { contact } = await requireContactAccess(actor, { client: db(), contactId });
  const [conversations, markedBy] = await Promise.all([
    sql().query(CONVERSATIONS, [contact.id, contact.workspaceId, actor.userId]),
    contact.doNotContactByUserId
      ? db().user.findUnique({ where: { id: contact.doNotContactByUserId }, select: { name: true } })
      : null,
  ]);
  const visible = conversations.filter((c) => c.visible);
  return {
    ...serializeContact(contact),
    do_not_contact_by: markedBy?.name ?? null,
    labels: contact.labels,
    time_zone: contact.timeZone,
    conversations: visible.map((c) => ({ id: c.id, title: c.title, last_message_at: c.last_message_at.toISOString() })),
    other_conversations: conversations.length - visible.length,
  };
}
