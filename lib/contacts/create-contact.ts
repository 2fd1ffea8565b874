import { db, type Tx } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireMember, type Actor } from "@/lib/people/actor";

type NewContact = {
  workspaceId: string;
  name: string;
  email?: string;
  phone?: string;
  sensitivity?: "normal" | "high";
};

/**
 * A contact of a workspace, with its audit event. Given a transaction (a caller that already checked the actor's
 * membership, as createConversation does), it is made there; otherwise in a transaction of its own.
 */
export async function createContact(actor: Actor, input: NewContact, tx?: Tx) {
  if (tx) return insertContact(tx, actor, input);
  if (actor.type === "person") await requireMember(db(), actor, input.workspaceId);
  return db().$transaction((own) => insertContact(own, actor, input));
}

async function insertContact(tx: Tx, actor: Actor, input: NewContact) {
  const contact = await tx.contact.create({
    data: {
      workspaceId: input.workspaceId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      sensitivity: input.sensitivity,
    },
  });
  await recordAudit(tx, {
    workspaceId: input.workspaceId,
    actor,
    action: "contact.created",
    subjectType: "contact",
    subjectId: contact.id,
  });
  return contact;
}
