import type { Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import type { BotPrincipal } from "@/lib/bots/authenticate-bot";

/**
 * A bot may use a conversation only while a participant's authorization of it stands (SPEC.md 5.4). A conversation
 * that does not exist is 404; one that exists but is not the bot's (another workspace included) is 403.
 */
export async function requireBotConversation(
  sql: Sql,
  bot: BotPrincipal,
  conversationId: string,
): Promise<{ id: string; workspaceId: string }> {
  // A bot's send checks the same in its policy snapshot's statement (loadSendSnapshot).
  const rows = await sql.query<{ workspace_id: string; authorized: boolean }>(
    `SELECT c.workspace_id,
            (c.workspace_id = $2 AND EXISTS (
               SELECT 1 FROM bot_authorizations a
               WHERE a.conversation_id = c.id AND a.bot_id = $3 AND a.revoked_at IS NULL)) AS authorized
     FROM conversations c WHERE c.id = $1`,
    [conversationId, bot.workspaceId, bot.id],
  );
  const row = rows[0];
  if (!row) throw new ApiError("not_found", "Conversation not found");
  if (!row.authorized) throw new ApiError("forbidden", "This bot is not authorized in this conversation");
  return { id: conversationId, workspaceId: row.workspace_id };
}
