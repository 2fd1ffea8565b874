import { requireFactorToDecide } from "@/lib/factors/enforcement";
import { query, transaction, type RowOf, type Transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { notifyConversation } from "@/lib/chat/live";
import type { ContactFact } from "@/lib/generated/prisma/client";
import { requireContactAccessSql } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { FACT_MAX } from "@/lib/schemas/memory";

// People decide what is known about a contact (docs/api-contract.md#contact-memory: a member confirms a candidate).
// Confirming a fact supersedes the confirmed fact on the same key (unless the person keeps both, which the context
// pack then reports as conflicting_facts). Editing a confirmed fact writes a new confirmed fact that supersedes it,
// so the bot's wording and the person's stay side by side. Nothing is deleted; every change is audited with its door.
// Each decision tells the contact's open conversations, so it is one SQL transaction (docs/decisions/005); it answers
// the fact as the `ContactFact` model names it.

type Status = ContactFact["status"];

/** Every column of `contact_facts`, for `factModel`. */
const FACT = `id, workspace_id, contact_id, key, fact, status, source_message_id, conversation_id,
  proposed_by_bot_id, proposed_by_user_id, decided_by_user_id, decided_at, confirmed_at, superseded_by_id, created_at`;

/** A row read with FACT (every statement below that returns a fact). */
type FactRow = RowOf<"facts.lock">;

const factModel = (row: FactRow): ContactFact => ({
  id: row.id,
  workspaceId: row.workspace_id,
  contactId: row.contact_id,
  key: row.key,
  fact: row.fact,
  status: row.status,
  sourceMessageId: row.source_message_id,
  conversationId: row.conversation_id,
  proposedByBotId: row.proposed_by_bot_id,
  proposedByUserId: row.proposed_by_user_id,
  decidedByUserId: row.decided_by_user_id,
  decidedAt: row.decided_at,
  confirmedAt: row.confirmed_at,
  supersededById: row.superseded_by_id,
  createdAt: row.created_at,
});

const FACT_CONTACT = query("facts.contactOf", { text: "SELECT contact_id FROM contact_facts WHERE id = $1" });
const LOCK_FACT = query("facts.lock", { text: `SELECT ${FACT} FROM contact_facts WHERE id = $1 FOR UPDATE` });
const LOCK_CONFIRMED_ON_KEY = query("facts.lockConfirmedOnKey", {
  text: "SELECT id FROM contact_facts WHERE contact_id = $1 AND key = $2 AND status = 'confirmed' FOR UPDATE",
});
const CONFIRM = query("facts.confirm", {
  text: `UPDATE contact_facts SET status = 'confirmed', confirmed_at = $2, decided_at = $2, decided_by_user_id = $3
  WHERE id = $1 RETURNING ${FACT}`,
});
/** $2 'rejected' or 'retired'. */
const DECIDE = query("facts.decide", {
  text: `UPDATE contact_facts SET status = $2::fact_status, decided_at = $3, decided_by_user_id = $4
  WHERE id = $1 RETURNING ${FACT}`,
});
const SUPERSEDE = query("facts.supersede", {
  text: "UPDATE contact_facts SET status = 'superseded', superseded_by_id = $2 WHERE id = ANY ($1::uuid[])",
});
const INSERT_EDITED = query("facts.insertEdited", {
  text: `INSERT INTO contact_facts (workspace_id, contact_id, key, fact, status, source_message_id, conversation_id,
                             proposed_by_user_id, decided_by_user_id, decided_at, confirmed_at)
  VALUES ($1, $2, $3, $4, 'confirmed', $5, $6, $7, $7, $8, $8)
  RETURNING ${FACT}`,
});
const CONTACT_CONVERSATIONS = query("facts.contactConversations", {
  text: "SELECT conversation_id FROM conversation_participants WHERE contact_id = $1",
});

/**
 * Locks a fact a person is deciding, and checks they may first: a fact is its contact's, and one of a contact the
 * person may not see answers like a random fact id, before anything is locked (a fact stays with its contact).
 */
async function lockFact(tx: Transaction, actor: PersonActor, id: string) {
  const factId = requireUuid(id, "Fact");
  const [found] = await tx.query(FACT_CONTACT, [factId]);
  if (!found) throw new ApiError("not_found", "Fact not found");
  await requireContactAccessSql(actor, { client: tx, contactId: found.contact_id, what: "Fact" });
  const [fact] = await tx.query(LOCK_FACT, [factId]);
  if (!fact) throw new ApiError("not_found", "Fact not found");
  await requireFactorToDecide(actor, { sql: tx, workspaceId: fact.workspace_id });
  return fact;
}

function requireStatus(fact: { status: Status }, allowed: Status[], doing: string) {
  if (!allowed.includes(fact.status))
    throw new ApiError("conflict", `This fact is ${fact.status}: it cannot be ${doing}`);
}

/** Every open page of a conversation with the contact shows its facts: tell them. */
async function notifyContact(tx: Transaction, contactId: string) {
  const rows = await tx.query(CONTACT_CONVERSATIONS, [contactId]);
  for (const { conversation_id } of rows)
    await notifyConversation(tx, { conversationId: conversation_id, kind: "updated" });
}

export interface ConfirmFactOptions {
  /** The fact's id as the request gave it. */
  factId: string;
  /** Keep the key's other confirmed facts instead of superseding them (the pack then reports conflicting_facts). */
  keepOthers?: boolean;
}

export async function confirmFact(actor: PersonActor, options: ConfirmFactOptions) {
  return transaction(async (tx) => {
    const fact = await lockFact(tx, actor, options.factId);
    requireStatus(fact, ["candidate"], "confirmed");
    // The key's confirmed facts, locked, so two confirmations on one key are served one after the other.
    const current = await tx.query(LOCK_CONFIRMED_ON_KEY, [fact.contact_id, fact.key]);
    const [confirmed] = await tx.query(CONFIRM, [fact.id, new Date(), actor.userId]);
    const superseded = options.keepOthers ? [] : current.map((row) => row.id);
    if (superseded.length) await tx.query(SUPERSEDE, [superseded, fact.id]);
    await recordAuditSql(tx, {
      workspaceId: fact.workspace_id,
      actor,
      action: "fact.confirmed",
      subjectType: "contact_fact",
      subjectId: fact.id,
      data: { key: fact.key, superseded },
    });
    await notifyContact(tx, fact.contact_id);
    return { fact: factModel(confirmed!), superseded };
  });
}

export async function rejectFact(actor: PersonActor, id: string) {
  return transaction(async (tx) => {
    const fact = await lockFact(tx, actor, id);
    requireStatus(fact, ["candidate"], "rejected");
    const [rejected] = await tx.query(DECIDE, [fact.id, "rejected", new Date(), actor.userId]);
    await recordAuditSql(tx, {
      workspaceId: fact.workspace_id,
      actor,
      action: "fact.rejected",
      subjectType: "contact_fact",
      subjectId: fact.id,
      data: { key: fact.key },
    });
    await notifyContact(tx, fact.contact_id);
    return factModel(rejected!);
  });
}

export interface EditFactOptions {
  /** The fact's id as the request gave it. */
  factId: string;
  /** The fact's new wording. */
  text: string;
}

export async function editFact(actor: PersonActor, { factId: id, text }: EditFactOptions) {
  const fact = text.trim();
  if (!fact || fact.length > FACT_MAX) throw new ApiError("invalid_body", `A fact must be 1 to ${FACT_MAX} characters`);
  return transaction(async (tx) => {
    const old = await lockFact(tx, actor, id);
    requireStatus(old, ["confirmed"], "edited");
    if (old.fact === fact) return factModel(old);
    const [edited] = await tx.query(INSERT_EDITED, [
      old.workspace_id,
      old.contact_id,
      old.key,
      fact,
      old.source_message_id,
      old.conversation_id,
      actor.userId,
      new Date(),
    ]);
    await tx.query(SUPERSEDE, [[old.id], edited!.id]);
    await recordAuditSql(tx, {
      workspaceId: old.workspace_id,
      actor,
      action: "fact.edited",
      subjectType: "contact_fact",
      subjectId: edited!.id,
      data: { key: old.key, previous_id: old.id, previous: old.fact },
    });
    await notifyContact(tx, old.contact_id);
    return factModel(edited!);
  });
}

export async function retireFact(actor: PersonActor, id: string) {
  return transaction(async (tx) => {
    const fact = await lockFact(tx, actor, id);
    requireStatus(fact, ["confirmed"], "retired");
    const [retired] = await tx.query(DECIDE, [fact.id, "retired", new Date(), actor.userId]);
    await recordAuditSql(tx, {
      workspaceId: fact.workspace_id,
      actor,
      action: "fact.retired",
      subjectType: "contact_fact",
      subjectId: fact.id,
      data: { key: fact.key },
    });
    await notifyContact(tx, fact.contact_id);
    return factModel(retired!);
  });
}
