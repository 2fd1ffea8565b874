import type { Sensitivity } from "./set-sensitivity";

/** A contact row as the CLI and the chat read it (snake_case, ISO times). */
export function serializeContact(contact: {
  id: string;
  workspaceId: string;
  name: string;
  email: string | null;
  phone: string | null;
  sensitivity: Sensitivity;
  doNotContact: boolean;
  doNotContactAt: Date | null;
  createdAt: Date;
}) {
  return {
    id: contact.id,
    workspace_id: contact.workspaceId,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    sensitivity: contact.sensitivity,
    do_not_contact: contact.doNotContact,
    do_not_contact_at: contact.doNotContactAt?.toISOString() ?? null,
    created_at: contact.createdAt.toISOString(),
  };
}
