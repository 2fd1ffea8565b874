import { recordAuditSql } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireStepUpToChange } from "@/lib/factors/step-up-gate";
import { requireUuid } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { requireAdminOrSystem, type Actor } from "@/lib/people/actor";
import { ERASE_MAX_ATTEMPTS, ERASE_TASK, FIRST_STEP, erasureJobKey } from "./run-erasure";

// An admin erases a contact (issue 38; docs/decisions/045-erasure.md). In one transaction, at once: the contact's
// own rows go (the contact, its facts and their vectors, its links to conversations, its opt-outs), its
// conversations lose their titles and previews, and an erasure record (ids only) and its job are written. From the
// commit on, every door answers for the contact as for an unknown one. The job (./run-erasure.ts) then redacts what
// the conversations hold, in batches, and tells the bots.

export interface EraseContactOptions {
  contactId: string;
  /** The contact's name as the admin typed it to confirm (compared without case or surrounding spaces). */
  confirm: string;
}

const CONTACT = query("privacy.contactToErase", {
  text: `SELECT id, workspace_id, name FROM contacts WHERE id = $1 FOR UPDATE`,
});

// What the job will need once the links are gone: the contact's conversations, its facts, and every bot ever
// authorized in those conversations (revoked too: it read them then, and may keep copies).
const LINKS = query("privacy.contactLinks", {
  text: `WITH conversations AS (SELECT DISTINCT conversation_id AS id FROM conversation_participants WHERE contact_id = $1)
   SELECT COALESCE((SELECT array_agg(id ORDER BY id) FROM conversations), '{}') AS conversation_ids,
          COALESCE((SELECT array_agg(id ORDER BY id) FROM contact_facts WHERE contact_id = $1), '{}') AS fact_ids,
          COALESCE((SELECT array_agg(DISTINCT a.bot_id) FROM bot_authorizations a
                     WHERE a.conversation_id IN (SELECT id FROM conversations)), '{}') AS bot_ids`,
  notNull: ["conversation_ids", "fact_ids", "bot_ids"],
});

const RECORD = query("privacy.recordContactErasure", {
  text: `INSERT INTO erasures (workspace_id, subject_type, subject_id, conversation_ids, fact_ids, bot_ids,
                               requested_by_user_id, step)
   VALUES ($1, 'contact', $2, $3, $4, $5, $6, $7)
   RETURNING id, created_at`,
});

// The contact's own rows. Its facts go with it (ON DELETE CASCADE; their vectors by trigger).
const REMOVE_CONTACT = query("privacy.removeContact", {
  text: `WITH links AS (DELETE FROM conversation_participants WHERE contact_id = $1),
        opt_outs AS (DELETE FROM opt_outs WHERE contact_id = $1)
   DELETE FROM contacts WHERE id = $1`,
});

// What every list shows of its conversations: the title (often the contact's name) and the last message's start.
const BLANK_CONVERSATIONS = query("privacy.blankConversations", {
  text: `UPDATE conversations SET title = NULL, last_message_preview = '', labels = '{}' WHERE id = ANY($1::uuid[])`,
});

export interface ErasureStarted {
  erasure_id: string;
  status: "running";
  created_at: string;
}

export async function eraseContact(actor: Actor, { contactId: id, confirm }: EraseContactOptions): Promise<ErasureStarted> {
  const contactId = requireUuid(id, "Contact");
  const found = await db().contact.findUnique({ where: { id: contactId }, select: { workspaceId: true, name: true } });
  if (!found) throw new ApiError("not_found", "Contact not found");
  await requireAdminOrSystem(actor, { client: db(), workspaceId: found.workspaceId, notFound: "Contact not found" });
  await requireStepUpToChange(actor, found.workspaceId);
  if (confirm.trim().toLowerCase() !== found.name.trim().toLowerCase())
    throw new ApiError("invalid_body", "Type the contact's name exactly to confirm the erasure", { field: "confirm" });

  return transaction(async (tx) => {
    const [contact] = await tx.query(CONTACT, [contactId]);
    if (!contact) throw new ApiError("not_found", "Contact not found");
    const [links] = await tx.query(LINKS, [contactId]);
    const { conversation_ids, fact_ids, bot_ids } = links!;
    const requestedBy = actor.type === "person" ? actor.userId : null;
    const [erasure] = await tx.query(RECORD, [
      contact.workspace_id,
      contactId,
      conversation_ids,
      fact_ids,
      bot_ids,
      requestedBy,
      FIRST_STEP,
    ]);
    await tx.query(REMOVE_CONTACT, [contactId]);
    await tx.query(BLANK_CONVERSATIONS, [conversation_ids]);
    await recordAuditSql(tx, {
      workspaceId: contact.workspace_id,
      actor,
      action: "contact.erasure_requested",
      subjectType: "contact",
      subjectId: contactId,
      data: { erasure_id: erasure!.id, conversations: conversation_ids.length, facts: fact_ids.length },
    });
    await enqueueJob(tx, {
      task: ERASE_TASK,
      payload: { erasure_id: erasure!.id },
      jobKey: erasureJobKey(erasure!.id),
      maxAttempts: ERASE_MAX_ATTEMPTS,
    });
    return { erasure_id: erasure!.id, status: "running" as const, created_at: erasure!.created_at.toISOString() };
  });
}
