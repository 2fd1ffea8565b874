import { recordBotAudit } from "@/lib/audit/record-audit";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { requireBotConversation } from "@/lib/conversations/bot-access";
import { inTransaction, query, sql, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { notifyConversation } from "@/lib/chat/live";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import type { LegacyMemoryInput } from "@/lib/schemas/memory";
import { FACT_COLUMNS, serializeFact } from "./fact-record";

// The legacy conversation memory (docs/api-contract.md#versioning: GET/POST /conversations/{id}/memory, marked legacy;
// its successors are the contact's facts, context and search). Kept working on the same store: a memory written here is
// a candidate fact about the conversation's contact, under the key `memory.note`, scoped to this conversation (people
// confirm it like any fact); reading returns the facts scoped to or cited from this conversation.

export const LEGACY_MEMORY_KEY = "memory.note";

const CONTACTS = query("memory.conversationContacts", {
  text: `SELECT contact_id FROM conversation_participants
    WHERE conversation_id = $1 AND contact_id IS NOT NULL ORDER BY joined_at, contact_id`,
});
const SOURCE = query("memory.sourceInConversation", {
  text: `SELECT 1 FROM messages WHERE id = $1 AND conversation_id = $2`,
});
const INSERT = query("memory.insertLegacy", {
  text: `INSERT INTO contact_facts (workspace_id, contact_id, key, fact, source_message_id, conversation_id, proposed_by_bot_id)
   VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${FACT_COLUMNS}`,
});
const READ = query("memory.readLegacy", {
  text: `SELECT ${FACT_COLUMNS} FROM contact_facts f
    WHERE f.status IN ('candidate', 'confirmed')
      AND (f.conversation_id = $1 OR f.source_message_id IN (SELECT id FROM messages WHERE conversation_id = $1))
      AND ($2::text IS NULL OR f.fact ILIKE '%' || $2 || '%' OR f.key ILIKE '%' || $2 || '%')
    ORDER BY f.created_at, f.id
    LIMIT 200`,
});

async function conversationContact(tx: Sql, conversationId: string): Promise<string> {
  const [first] = await tx.query(CONTACTS, [conversationId]);
  if (!first?.contact_id)
    throw new ApiError("invalid_body", "This conversation has no contact to remember things about");
  return first.contact_id;
}

export interface WriteConversationMemoryOptions {
  conversationId: string;
  input: LegacyMemoryInput;
  tx?: Sql;
}

export async function writeConversationMemory(
  bot: BotPrincipal,
  { conversationId, input, tx }: WriteConversationMemoryOptions,
) {
  const conversation = await requireBotConversation(bot, { sql: tx ?? sql(), conversationId });
  return inTransaction(tx, async (tx) => {
    const contactId = await conversationContact(tx, conversationId);
    const source = await tx.query(SOURCE, [input.source_message_id, conversationId]);
    if (!source[0]) throw new ApiError("invalid_body", "source_message_id must be a message of this conversation");
    const rows = await tx.query(INSERT, [
      conversation.workspaceId,
      contactId,
      LEGACY_MEMORY_KEY,
      input.fact.trim(),
      input.source_message_id,
      conversationId,
      bot.id,
    ]);
    await recordBotAudit(tx, {
      workspaceId: conversation.workspaceId,
      botId: bot.id,
      action: "fact.proposed",
      subjectType: "contact_fact",
      subjectId: rows[0]!.id,
      data: { contact_id: contactId, key: LEGACY_MEMORY_KEY, legacy: true },
    });
    await notifyConversation(tx, { conversationId, kind: "updated" });
    await enqueueNotification(tx, { event: "fact", id: rows[0]!.id });
    return { fact: serializeFact(rows[0]!), contactId };
  });
}

export interface ReadConversationMemoryOptions {
  conversationId: string;
  /** Text the facts must contain (the `q` query parameter); all of them when absent or blank. */
  query?: string;
}

export async function readConversationMemory(
  bot: BotPrincipal,
  { conversationId, query: q }: ReadConversationMemoryOptions,
) {
  await requireBotConversation(bot, { sql: sql(), conversationId });
  const contacts = await sql().query(CONTACTS, [conversationId]);
  const rows = await sql().query(READ, [conversationId, q?.trim() || null]);
  return { facts: rows.map(serializeFact), contactId: contacts[0]?.contact_id ?? null };
}
