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
  options: { lock?: boolean } = {},
): Promise<{ id: string; workspaceId: string }> {
  // With `lock` (inside a transaction that will write a message) the same statement takes the conversation's row
  // lock, which serialises the policy decision with people's changes to the conversation (see load-snapshot.ts).
  const rows = await sql.query<{ workspace_id: string; authorized: boolean }>(
    `SELECT c.workspace_id,
            (c.workspace_id = $2 AND EXISTS (
               SELECT 1 FROM bot_authorizations a
               WHERE a.conversation_id = c.id AND a.bot_id = $3 AND a.revoked_at IS NULL)) AS authorized
     FROM conversations c WHERE c.id = $1${options.lock ? " FOR UPDATE" : ""}`,
    [conversationId, bot.workspaceId, bot.id],
  );
  const row = rows[0];
  if (!row) throw new ApiError("not_found", "Conversation not found");
  if (!row.authorized) throw new ApiError("forbidden", "This bot is not authorized in this conversation");
  return { id: conversationId, workspaceId: row.workspace_id };
}
