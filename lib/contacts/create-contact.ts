import { db, type Tx } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { validate } from "@/lib/schemas/validate";
import { requireMember, type Actor } from "@/lib/people/actor";
import { ContactDetails } from "@/lib/schemas/contacts";
import { refuseTakenEmail } from "./taken-email";

type NewContact = {
  workspaceId: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  sensitivity?: "normal" | "high";
};

/**
 * A contact of a workspace, with its audit event. Its details pass the same schema as a correction (a name, an
 * email and a phone that look right), and an email another contact of the workspace has is refused, naming that
 * contact. (A new conversation's contact, known by its name only, is made in the conversation's transaction:
 * create-named-contact.ts.)
 */
export async function createContact(actor: Actor, input: NewContact) {
  const details = validate(ContactDetails, {
    input: { name: input.name, email: input.email ?? "", phone: input.phone ?? "" },
    what: "Contact",
  });
  const contact = { ...input, ...details };
  if (actor.type === "person") await requireMember(actor, { client: db(), workspaceId: input.workspaceId });
  return db().$transaction((own) => insertContact(own, actor, contact));
}

async function insertContact(tx: Tx, actor: Actor, input: NewContact) {
  await refuseTakenEmail(tx, { workspaceId: input.workspaceId, email: input.email ?? null });
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
