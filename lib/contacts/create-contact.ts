import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireMember, type Actor } from "@/lib/people/actor";

export async function createContact(
  actor: Actor,
  input: { workspaceId: string; name: string; email?: string; phone?: string; sensitivity?: "normal" | "high" },
) {
  if (actor.type === "person") await requireMember(db(), actor, input.workspaceId);
  return db().$transaction(async (tx) => {
    const contact = await tx.contact.create({
      data: { workspaceId: input.workspaceId, name: input.name, email: input.email, phone: input.phone, sensitivity: input.sensitivity },
    });
    await recordAudit(tx, { workspaceId: input.workspaceId, actor, action: "contact.created", subjectType: "contact", subjectId: contact.id });
    return contact;
  });
}
