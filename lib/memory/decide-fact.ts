import { db, type Tx } from "@/lib/db/client";
import { prismaSql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { notifyConversation } from "@/lib/chat/live";
import { requireContactAccess } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { FACT_MAX } from "@/lib/schemas/memory";

// People decide what is known about a contact (docs/api-contract.md#contact-memory: a member confirms a candidate).
// Confirming a fact supersedes the confirmed fact on the same key (unless the person keeps both, which the context
// pack then reports as conflicting_facts). Editing a confirmed fact writes a new confirmed fact that supersedes it,
// so the bot's wording and the person's stay side by side. Nothing is deleted; every change is audited with its door.

type Status = "candidate" | "confirmed" | "rejected" | "superseded" | "retired";

async function lockFact(tx: Tx, actor: PersonActor, id: string) {
  const factId = requireUuid(id, "Fact");
  await tx.$queryRaw`SELECT id FROM contact_facts WHERE id = ${factId}::uuid FOR UPDATE`;
  const fact = await tx.contactFact.findUnique({ where: { id: factId } });
  if (!fact) throw new ApiError("not_found", "Fact not found");
  // A fact is its contact's: one of a contact the person may not see answers like a random fact id.
  await requireContactAccess(tx, actor, fact.contactId, "Fact");
  return fact;
}

function requireStatus(fact: { status: Status }, allowed: Status[], doing: string) {
  if (!allowed.includes(fact.status))
    throw new ApiError("conflict", `This fact is ${fact.status}: it cannot be ${doing}`);
}

/** Every open page of a conversation with the contact shows its facts: tell them. */
async function notifyContact(tx: Tx, contactId: string) {
  const rows = await tx.conversationParticipant.findMany({ where: { contactId }, select: { conversationId: true } });
  for (const { conversationId } of rows) await notifyConversation(prismaSql(tx), conversationId, "updated");
}

export async function confirmFact(actor: PersonActor, id: string, options: { keepOthers?: boolean } = {}) {
  return db().$transaction(async (tx) => {
    const fact = await lockFact(tx, actor, id);
    requireStatus(fact, ["candidate"], "confirmed");
    const now = new Date();
    // The key's confirmed facts, locked, so two confirmations on one key are served one after the other.
    const current = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM contact_facts WHERE contact_id = ${fact.contactId}::uuid AND key = ${fact.key} AND status = 'confirmed' FOR UPDATE`;
    const confirmed = await tx.contactFact.update({
      where: { id: fact.id },
      data: { status: "confirmed", confirmedAt: now, decidedAt: now, decidedByUserId: actor.userId },
    });
    const superseded = options.keepOthers ? [] : current.map((row) => row.id);
    if (superseded.length) {
      await tx.contactFact.updateMany({
        where: { id: { in: superseded } },
        data: { status: "superseded", supersededById: fact.id },
      });
    }
    await recordAudit(tx, {
      workspaceId: fact.workspaceId,
      actor,
      action: "fact.confirmed",
      subjectType: "contact_fact",
      subjectId: fact.id,
      data: { key: fact.key, superseded },
    });
    await notifyContact(tx, fact.contactId);
    return { fact: confirmed, superseded };
  });
}

export async function rejectFact(actor: PersonActor, id: string) {
  return db().$transaction(async (tx) => {
    const fact = await lockFact(tx, actor, id);
    requireStatus(fact, ["candidate"], "rejected");
    const rejected = await tx.contactFact.update({
      where: { id: fact.id },
      data: { status: "rejected", decidedAt: new Date(), decidedByUserId: actor.userId },
    });
    await recordAudit(tx, {
      workspaceId: fact.workspaceId,
      actor,
      action: "fact.rejected",
      subjectType: "contact_fact",
      subjectId: fact.id,
      data: { key: fact.key },
    });
    await notifyContact(tx, fact.contactId);
    return rejected;
  });
}

export async function editFact(actor: PersonActor, id: string, text: string) {
  const fact = text.trim();
  if (!fact || fact.length > FACT_MAX) throw new ApiError("invalid_body", `A fact must be 1 to ${FACT_MAX} characters`);
  return db().$transaction(async (tx) => {
    const old = await lockFact(tx, actor, id);
    requireStatus(old, ["confirmed"], "edited");
    if (old.fact === fact) return old;
    const now = new Date();
    const edited = await tx.contactFact.create({
      data: {
        workspaceId: old.workspaceId,
        contactId: old.contactId,
        key: old.key,
        fact,
        status: "confirmed",
        sourceMessageId: old.sourceMessageId,
        conversationId: old.conversationId,
        proposedByUserId: actor.userId,
        decidedByUserId: actor.userId,
        decidedAt: now,
        confirmedAt: now,
      },
    });
    await tx.contactFact.update({ where: { id: old.id }, data: { status: "superseded", supersededById: edited.id } });
    await recordAudit(tx, {
      workspaceId: old.workspaceId,
      actor,
      action: "fact.edited",
      subjectType: "contact_fact",
      subjectId: edited.id,
      data: { key: old.key, previous_id: old.id, previous: old.fact },
    });
    await notifyContact(tx, old.contactId);
    return edited;
  });
}

export async function retireFact(actor: PersonActor, id: string) {
  return db().$transaction(async (tx) => {
    const fact = await lockFact(tx, actor, id);
    requireStatus(fact, ["confirmed"], "retired");
    const retired = await tx.contactFact.update({
      where: { id: fact.id },
      data: { status: "retired", decidedAt: new Date(), decidedByUserId: actor.userId },
    });
    await recordAudit(tx, {
      workspaceId: fact.workspaceId,
      actor,
      action: "fact.retired",
      subjectType: "contact_fact",
      subjectId: fact.id,
      data: { key: fact.key },
    });
    await notifyContact(tx, fact.contactId);
    return retired;
  });
}
