import { db } from "@/lib/db/client";
import { validate } from "@/lib/schemas/validate";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireContactAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { ContactDetails, type ContactDetailsInput } from "@/lib/schemas/contacts";
import { refuseTakenEmail } from "./taken-email";

interface UpdateContactOptions {
  contactId: string;
  /** The contact's name, email and phone as they should be (checked here). */
  details: ContactDetailsInput;
}

/**
 * A member corrects a contact's name, email or phone. The audit event names the fields that changed and keeps the
 * values they had; saving the same details again changes nothing. An email another contact has is refused.
 */
export async function updateContact(actor: PersonActor, { contactId, details: input }: UpdateContactOptions) {
  const details = validate(ContactDetails, { input, what: "Contact" });
  const { contact } = await requireContactAccess(actor, { client: db(), contactId });
  const changed = (["name", "email", "phone"] as const).filter((field) => contact[field] !== details[field]);
  if (changed.length === 0) return { id: contact.id, ...details, changed: [] };
  return db().$transaction(async (tx) => {
    if (changed.includes("email"))
      await refuseTakenEmail(tx, { workspaceId: contact.workspaceId, email: details.email, exceptId: contact.id });
    await tx.contact.update({ where: { id: contact.id }, data: details });
    await recordAudit(tx, {
      workspaceId: contact.workspaceId,
      actor,
      action: "contact.updated",
      subjectType: "contact",
      subjectId: contact.id,
      data: { changed, before: Object.fromEntries(changed.map((field) => [field, contact[field]])) },
    });
    return { id: contact.id, ...details, changed };
  });
}
