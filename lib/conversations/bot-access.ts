import type { Db, Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import type { BotPrincipal } from "@/lib/bots/authenticate-bot";

/**
 * A bot may use a conversation only while a participant's authorization of it stands (SPEC.md 5.4). A conversation
 * that does not exist is 404; one that exists but is not the bot's (another workspace included) is 403.
 */
export async function requireBotConversation(client: Db | Tx, bot: BotPrincipal, conversationId: string): Promise<{ id: string; workspaceId: string }> {
  const rows = await client.$queryRaw<{ workspace_id: string; authorized: boolean }[]>`
    SELECT c.workspace_id,
           (c.workspace_id = ${bot.workspaceId}::uuid AND EXISTS (
              SELECT 1 FROM bot_authorizations a
              WHERE a.conversation_id = c.id AND a.bot_id = ${bot.id}::uuid AND a.revoked_at IS NULL)) AS authorized
    FROM conversations c WHERE c.id = ${conversationId}::uuid`;
  const row = rows[0];
  if (!row) throw new ApiError("not_found", "Conversation not found");
  if (!row.authorized) throw new ApiError("forbidden", "This bot is not authorized in this conversation");
  return { id: conversationId, workspaceId: row.workspace_id };
}
