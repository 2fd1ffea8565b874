import { query, type Transaction } from "@/lib/db/sql";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { validate } from "@/lib/schemas/validate";
import type { Actor } from "@/lib/people/actor";
import { ContactDetails } from "@/lib/schemas/contacts";

const INSERT_NAMED_CONTACT = query("contacts.insertNamed", {
  text: "INSERT INTO contacts (workspace_id, name) VALUES ($1, $2) RETURNING id",
});

interface NewNamedContact {
  actor: Actor;
  workspaceId: string;
  name: string;
}

/**
 * A contact known by its name only, with its audit event, in the caller's SQL transaction: a new conversation's
 * (createConversation, which checked the actor's membership; its transaction tells bots they were added, so it is
 * SQL: docs/decisions/005). The name passes the same schema as createContact's; there is no email, so no other
 * contact to compare it with.
 */
export async function createNamedContact(tx: Transaction, { actor, workspaceId, name }: NewNamedContact) {
  const details = validate(ContactDetails, { input: { name, email: "", phone: "" }, what: "Contact" });
  const [contact] = await tx.query(INSERT_NAMED_CONTACT, [workspaceId, details.name]);
  await recordAuditSql(tx, { workspaceId, actor, action: "contact.created", subjectType: "contact", subjectId: contact!.id });
  return contact!;
}
