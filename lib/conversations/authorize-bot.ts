import { inTransaction, query, transaction, type RowOf, type Sql, type Transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import type { BotAuthorization } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { handleOfSql, type PersonActor } from "@/lib/people/actor";
import { requireConversationAccessSql } from "@/lib/people/access";
import { botAdded } from "@/lib/webhooks/events";

// A participant authorizes a bot in a conversation (docs/api-contract.md#access: a bot sees only conversations where a
// participant authorized it), or removes it. Only people who take part in the conversation can do either: an admin
// who does not sees it (403), anyone else does not (404, lib/people/access.ts). Authorizing tells the bot
// (`conversation.bot_added`), so both are SQL, in one transaction each or in the caller's (docs/decisions/005).

const IS_PARTICIPANT = query("conversations.isParticipant", {
  text: "SELECT 1 AS one FROM conversation_participants WHERE conversation_id = $1 AND user_id = $2",
});
const BOT_WORKSPACE = query("conversations.botWorkspace", { text: "SELECT workspace_id FROM bots WHERE id = $1" });
const AUTHORIZATION = `id, conversation_id, bot_id, authorized_by_user_id, created_at, revoked_at, revoked_by_user_id`;
const ACTIVE = query("conversations.activeAuthorization", {
  text: `SELECT ${AUTHORIZATION} FROM bot_authorizations
    WHERE conversation_id = $1 AND bot_id = $2 AND revoked_at IS NULL LIMIT 1`,
});
const AUTHORIZE = query("conversations.authorizeBot", {
  text: `INSERT INTO bot_authorizations (conversation_id, bot_id, authorized_by_user_id) VALUES ($1, $2, $3)
  RETURNING ${AUTHORIZATION}`,
});
const REMOVE = query("conversations.removeBot", {
  text: `UPDATE bot_authorizations SET revoked_at = $3, revoked_by_user_id = $4
  WHERE conversation_id = $1 AND bot_id = $2 AND revoked_at IS NULL RETURNING id`,
});

const authorizationModel = (row: RowOf<"conversations.authorizeBot">): BotAuthorization => ({
  id: row.id,
  conversationId: row.conversation_id,
  botId: row.bot_id,
  authorizedByUserId: row.authorized_by_user_id,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  revokedByUserId: row.revoked_by_user_id,
});

async function requireParticipant(sql: Sql, actor: PersonActor, conversationId: string) {
  const { conversation } = await requireConversationAccessSql(actor, { client: sql, conversationId });
  const [participant] = await sql.query(IS_PARTICIPANT, [conversation.id, actor.userId]);
  if (!participant) throw new ApiError("forbidden", "Only a participant can add or remove bots in a conversation");
  return conversation;
}

interface AuthorizeBotOptions {
  conversationId: string;
  botId: string;
  /** The caller's transaction (a new conversation's); default: one of its own. */
  tx?: Transaction;
}

export async function authorizeBot(actor: PersonActor, { conversationId, botId, tx }: AuthorizeBotOptions) {
  return inTransaction(tx, async (tx) => {
    const conversation = await requireParticipant(tx, actor, conversationId);
    const [bot] = isUuid(botId) ? await tx.query(BOT_WORKSPACE, [botId]) : [];
    if (!bot || bot.workspace_id !== conversation.workspaceId) throw new ApiError("not_found", "Bot not found in this workspace");
    const [active] = await tx.query(ACTIVE, [conversationId, botId]);
    if (active) return { authorization: authorizationModel(active), created: false };
    const [authorization] = await tx.query(AUTHORIZE, [conversationId, botId, actor.userId]);
    await recordAuditSql(tx, { workspaceId: conversation.workspaceId, actor, action: "bot.authorized", subjectType: "conversation", subjectId: conversationId, data: { bot_id: botId } });
    await botAdded(tx, { workspaceId: conversation.workspaceId, conversationId, botId, addedByHandle: await handleOfSql(tx, actor.userId) });
    return { authorization: authorizationModel(authorization!), created: true };
  });
}

interface RemoveBotOptions {
  conversationId: string;
  botId: string;
}

export async function removeBot(actor: PersonActor, { conversationId, botId }: RemoveBotOptions) {
  return transaction(async (tx) => {
    const conversation = await requireParticipant(tx, actor, conversationId);
    const removed = isUuid(botId) ? await tx.query(REMOVE, [conversationId, botId, new Date(), actor.userId]) : [];
    if (removed.length === 0) throw new ApiError("not_found", "This bot is not authorized in this conversation");
    await recordAuditSql(tx, { workspaceId: conversation.workspaceId, actor, action: "bot.removed", subjectType: "conversation", subjectId: conversationId, data: { bot_id: botId } });
    return { conversation_id: conversationId, bot_id: botId, removed: true };
  });
}
