import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { ApiError } from "@/lib/errors";
import { requireConversationAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { Labels } from "@/lib/schemas/labels";
import { validate } from "@/lib/schemas/validate";

// A conversation's labels (issue 33): what a policy rule's `conversationLabels` matches ("legal", "escalated"). They
// route bots' messages, so only an admin changes them, as for a contact's (lib/contacts/set-contact-routing.ts).
// Audited; anyone who sees the conversation sees them.

export interface SetConversationLabelsOptions {
  conversationId: string;
  /** The labels, replacing the old ones. */
  labels: unknown;
}

/** Replaces a conversation's labels; admins only. */
export async function setConversationLabels(actor: PersonActor, { conversationId, labels }: SetConversationLabelsOptions) {
  const { conversation, role } = await requireConversationAccess(actor, { client: db(), conversationId });
  if (role !== "admin") throw new ApiError("forbidden", "Only a workspace admin can change a conversation's labels");
  const next = validate(Labels, { input: labels, what: "labels" });
  return db().$transaction(async (tx) => {
    const updated = await tx.conversation.update({ where: { id: conversation.id }, data: { labels: next } });
    await recordAudit(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: "conversation.labels_changed",
      subjectType: "conversation",
      subjectId: conversation.id,
      data: { from: conversation.labels, to: updated.labels },
    });
    return { id: updated.id, labels: updated.labels };
  });
}
