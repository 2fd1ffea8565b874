import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { query, sql as defaultSql, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";

export const SENSITIVE_SCOPE = "memory:sensitive";

export interface ContactAccess {
  contactId: string;
  workspaceId: string;
  /** The conversations linked to the contact in which the bot is authorized: what it may read and cite. */
  conversationIds: string[];
}

const ACCESS = query("memory.botContactAccess", {
  text: `SELECT c.workspace_id, c.sensitivity,
          COALESCE(array_agg(p.conversation_id ORDER BY p.conversation_id) FILTER (WHERE a.bot_id IS NOT NULL), '{}') AS conversation_ids
     FROM contacts c
     LEFT JOIN conversation_participants p ON p.contact_id = c.id AND c.workspace_id = $2
     LEFT JOIN bot_authorizations a ON a.conversation_id = p.conversation_id AND a.bot_id = $3 AND a.revoked_at IS NULL
    WHERE c.id = $1
    GROUP BY c.id`,
  notNull: ["conversation_ids"],
});

export interface RequireBotContactOptions {
  /** The contact's id as the request gave it (checked to be a UUID here). */
  contactId: string;
  /** Where to read: the caller's transaction, or the pool. */
  sql?: Sql;
}

/**
 * docs/api-contract.md#access: a bot may read a contact only when it is authorized in a conversation linked to that
 * contact, in its own workspace; a high-sensitivity contact also needs the key's `memory:sensitive` scope. An unknown
 * contact is 404; any other refusal is 403 `forbidden`, saying why.
 */
export async function requireBotContact(
  bot: BotPrincipal,
  { contactId: id, sql = defaultSql() }: RequireBotContactOptions,
): Promise<ContactAccess> {
  const contactId = requireUuid(id, "Contact");
  const rows = await sql.query(ACCESS, [contactId, bot.workspaceId, bot.id]);
  const row = rows[0];
  if (!row) throw new ApiError("not_found", "Contact not found");
  if (row.workspace_id !== bot.workspaceId || row.conversation_ids.length === 0) {
    throw new ApiError("forbidden", "This bot is not in a conversation with this contact");
  }
  if (row.sensitivity === "high" && !bot.scopes.includes(SENSITIVE_SCOPE)) {
    throw new ApiError("forbidden", `This contact is sensitive: the API key needs the ${SENSITIVE_SCOPE} scope`);
  }
  return { contactId, workspaceId: row.workspace_id, conversationIds: [...new Set(row.conversation_ids)] };
}
