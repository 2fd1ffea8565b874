import { recordBotAudit } from "@/lib/audit/record-audit";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { inTransaction, query, sql, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { notifyConversation } from "@/lib/chat/live";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import type { ProposeFactInput } from "@/lib/schemas/memory";
import { requireBotContact } from "./contact-access";
import { CONSENT_GROUP, FACT_COLUMNS, serializeFact } from "./fact-record";

// POST /contacts/{id}/facts: a bot proposes what it learned about a contact, citing the message it learned it from.
// The fact is a candidate until a person confirms it; only confirmed facts reach context packs and search. Bots
// cannot write consent (the `consent` key group): 422. The source must be a message the bot can see, in one of its
// conversations with this contact (the same 422 whether it does not exist or is out of sight: nothing leaks).

const SOURCE = query("facts.sourceVisible", {
  text: `SELECT conversation_id FROM messages WHERE id = $1 AND conversation_id = ANY($2::uuid[])`,
});
const INSERT = query("facts.insert", {
  text: `INSERT INTO contact_facts (workspace_id, contact_id, key, fact, source_message_id, proposed_by_bot_id)
   VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${FACT_COLUMNS}`,
});

export interface ProposeFactOptions {
  /** The contact's id as the request gave it. */
  contactId: string;
  input: ProposeFactInput;
  tx?: Sql;
}

export async function proposeFact(bot: BotPrincipal, { contactId, input, tx }: ProposeFactOptions) {
  if (input.key.split(".")[0] === CONSENT_GROUP) {
    throw new ApiError("invalid_body", "Bots cannot write consent: keys in the consent group are set by people only");
  }
  const access = await requireBotContact(bot, { contactId, sql: tx ?? sql() });
  return inTransaction(tx, async (tx) => {
    const source = await tx.query(SOURCE, [input.source_message_id, access.conversationIds]);
    if (!source[0]) {
      throw new ApiError(
        "invalid_body",
        "source_message_id must be a message this bot can see, in a conversation with this contact",
      );
    }
    const rows = await tx.query(INSERT, [
      access.workspaceId,
      access.contactId,
      input.key,
      input.fact.trim(),
      input.source_message_id,
      bot.id,
    ]);
    const fact = rows[0]!;
    await recordBotAudit(tx, {
      workspaceId: access.workspaceId,
      botId: bot.id,
      action: "fact.proposed",
      subjectType: "contact_fact",
      subjectId: fact.id,
      data: { contact_id: access.contactId, key: input.key },
    });
    // People see the candidate beside the conversation it came from.
    await notifyConversation(tx, { conversationId: source[0].conversation_id, kind: "updated" });
    // ...and the people of the contact hear of it wherever they are (lib/notifications/).
    await enqueueNotification(tx, { event: "fact", id: fact.id });
    return serializeFact(fact);
  });
}
