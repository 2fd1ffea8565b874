import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireMember, type PersonActor } from "@/lib/people/actor";

/** A member marks a contact do-not-contact (every bot message in its conversations is blocked), or clears it. */
export async function setDoNotContact(actor: PersonActor, contactId: string, on: boolean) {
  const contact = await db().contact.findUnique({ where: { id: contactId } });
  if (!contact) throw new ApiError("not_found", "Contact not found");
  await requireMember(db(), actor, contact.workspaceId);
  return db().$transaction(async (tx) => {
    const updated = await tx.contact.update({
      where: { id: contactId },
      data: on ? { doNotContact: true, doNotContactByUserId: actor.userId, doNotContactAt: new Date() } : { doNotContact: false, doNotContactByUserId: actor.userId, doNotContactAt: new Date() },
    });
    await recordAudit(tx, { workspaceId: contact.workspaceId, actor, action: on ? "contact.do_not_contact_set" : "contact.do_not_contact_cleared", subjectType: "contact", subjectId: contactId });
    return { id: updated.id, name: updated.name, do_not_contact: updated.doNotContact, changed_at: updated.doNotContactAt?.toISOString() ?? null };
  });
}
