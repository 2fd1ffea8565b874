import { db } from "@/lib/db/client";
import type { Contact } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireContactAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";

export const SENSITIVITIES = ["normal", "high"] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

interface SetSensitivityOptions {
  contactId: string;
  sensitivity: Sensitivity;
}

/**
 * A contact's sensitivity: a high-sensitivity contact's memory (context, search, facts) is read only by bots whose
 * key has the `memory:sensitive` scope. Any member may raise it, the moment they learn a contact needs it; only an
 * admin may lower it again, since that opens the contact's memory to more bots. Audited; repeats change nothing.
 */
export async function setContactSensitivity(actor: PersonActor, { contactId, sensitivity }: SetSensitivityOptions) {
  if (!SENSITIVITIES.includes(sensitivity)) throw new ApiError("invalid_body", "Sensitivity must be normal or high");
  const { contact, role } = await requireContactAccess(actor, { client: db(), contactId });
  if (contact.sensitivity === sensitivity) return { ...view(contact), changed: false };
  if (sensitivity === "normal" && role !== "admin") {
    throw new ApiError("forbidden", "Only a workspace admin can lower a contact's sensitivity");
  }
  return db().$transaction(async (tx) => {
    const updated = await tx.contact.update({ where: { id: contact.id }, data: { sensitivity } });
    await recordAudit(tx, {
      workspaceId: contact.workspaceId,
      actor,
      action: "contact.sensitivity_changed",
      subjectType: "contact",
      subjectId: contact.id,
      data: { from: contact.sensitivity, to: sensitivity },
    });
    return { ...view(updated), changed: true };
  });
}

const view = (contact: Pick<Contact, "id" | "name" | "sensitivity">) => ({
  id: contact.id,
  name: contact.name,
  sensitivity: contact.sensitivity,
});
