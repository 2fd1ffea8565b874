import type { Contact } from "@/lib/generated/prisma/client";

/** A contact row as the CLI and the chat read it (snake_case, ISO times). */
export function serializeContact(
  contact: Pick<
    Contact,
    "id" | "workspaceId" | "name" | "email" | "phone" | "sensitivity" | "doNotContact" | "doNotContactAt" | "createdAt"
  >,
) {
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
