import { query, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import type { BotPrincipal } from "@/lib/bots/bot-principal";

// A bot may use a conversation only while a participant's authorization of it stands (docs/api-contract.md#access). A
// conversation that does not exist is 404; one that exists but is not the bot's (another workspace included) is 403.
// The rule is written once here and read by requireBotConversation and by a bot's send, which checks it in its policy
// snapshot's statement (lib/policy/load-snapshot.ts, sendSnapshotStatement).

/**
 * The SQL that answers "is conversation `c` this bot's?", as `workspace_id` and `authorized` columns; `workspace`
 * and `bot` are the SQL expressions of the bot's workspace id and its id.
 */
export function botAccessColumns(workspace: string, bot: string): string {
  return `c.workspace_id,
          (c.workspace_id = ${workspace} AND EXISTS (
             SELECT 1 FROM bot_authorizations a
             WHERE a.conversation_id = c.id AND a.bot_id = ${bot} AND a.revoked_at IS NULL)) AS authorized`;
}

/** The verdict on the row those columns gave (undefined: no such conversation): its workspace, or 404 / 403. */
export function requireBotAccess(row: { workspace_id: string; authorized: boolean } | undefined): {
  workspaceId: string;
} {
  if (!row) throw new ApiError("not_found", "Conversation not found");
  if (!row.authorized) throw new ApiError("forbidden", "This bot is not authorized in this conversation");
  return { workspaceId: row.workspace_id };
}

const ACCESS = query("conversations.botAccess", {
  text: `SELECT ${botAccessColumns("$2", "$3")} FROM conversations c WHERE c.id = $1`,
  notNull: ["authorized"],
});

interface BotConversationOptions {
  /** Where to ask: the pool or the caller's transaction. */
  sql: Sql;
  conversationId: string;
}

export async function requireBotConversation(
  bot: BotPrincipal,
  { sql, conversationId }: BotConversationOptions,
): Promise<{ id: string; workspaceId: string }> {
  const rows = await sql.query(ACCESS, [conversationId, bot.workspaceId, bot.id]);
  return { id: conversationId, ...requireBotAccess(rows[0]) };
}
