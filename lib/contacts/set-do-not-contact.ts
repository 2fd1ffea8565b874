import { db } from "@/lib/db/client";
import type { Contact } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireContactAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";

interface SetDoNotContactOptions {
  contactId: string;
  /** true marks the contact do-not-contact; false clears the mark. */
  doNotContact: boolean;
}

/**
 * A member marks a contact do-not-contact (every bot message in its conversations is then blocked), or clears the
 * mark. The by/at columns describe the mark in force; the audit trail keeps who cleared it. Repeats change nothing.
 */
export async function setDoNotContact(actor: PersonActor, { contactId, doNotContact: on }: SetDoNotContactOptions) {
  const { contact } = await requireContactAccess(actor, { client: db(), contactId });
  if (contact.doNotContact === on) return { ...view(contact), changed: false };
  return db().$transaction(async (tx) => {
    const updated = await tx.contact.update({
      where: { id: contact.id },
      data: on
        ? { doNotContact: true, doNotContactByUserId: actor.userId, doNotContactAt: new Date() }
        : { doNotContact: false, doNotContactByUserId: null, doNotContactAt: null },
    });
    await recordAudit(tx, {
      workspaceId: contact.workspaceId,
      actor,
      action: on ? "contact.do_not_contact_set" : "contact.do_not_contact_cleared",
      subjectType: "contact",
      subjectId: contact.id,
    });
    return { ...view(updated), changed: true };
  });
}

function view(contact: Pick<Contact, "id" | "name" | "doNotContact" | "doNotContactByUserId" | "doNotContactAt">) {
  return {
    id: contact.id,
    name: contact.name,
    do_not_contact: contact.doNotContact,
    do_not_contact_by_user_id: contact.doNotContactByUserId,
    do_not_contact_at: contact.doNotContactAt?.toISOString() ?? null,
  };
}
