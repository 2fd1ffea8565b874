import { db, type Db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { handleOf, type PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";
import { prismaSql } from "@/lib/db/sql";
import { botAdded } from "@/lib/webhooks/events";

// A participant authorizes a bot in a conversation (docs/api-contract.md#access: a bot sees only conversations where a
// participant authorized it), or removes it. Only people who take part in the conversation can do either: an admin
// who does not sees it (403), anyone else does not (404, lib/people/access.ts).

async function requireParticipant(client: Db | Tx, actor: PersonActor, conversationId: string) {
  const { conversation } = await requireConversationAccess(client, actor, conversationId);
  const participant = await client.conversationParticipant.findUnique({
    where: { conversationId_userId: { conversationId: conversation.id, userId: actor.userId } },
  });
  if (!participant) throw new ApiError("forbidden", "Only a participant can add or remove bots in a conversation");
  return conversation;
}

export async function authorizeBot(actor: PersonActor, conversationId: string, botId: string, client?: Tx) {
  const run = async (tx: Tx) => {
    const conversation = await requireParticipant(tx, actor, conversationId);
    const bot = await tx.bot.findUnique({ where: { id: botId } });
    if (!bot || bot.workspaceId !== conversation.workspaceId) throw new ApiError("not_found", "Bot not found in this workspace");
    const active = await tx.botAuthorization.findFirst({ where: { conversationId, botId, revokedAt: null } });
    if (active) return { authorization: active, created: false };
    const authorization = await tx.botAuthorization.create({ data: { conversationId, botId, authorizedByUserId: actor.userId } });
    await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "bot.authorized", subjectType: "conversation", subjectId: conversationId, data: { bot_id: botId } });
    await botAdded(prismaSql(tx), { workspaceId: conversation.workspaceId, conversationId, botId, addedByHandle: await handleOf(tx, actor.userId) });
    return { authorization, created: true };
  };
  return client ? run(client) : db().$transaction(run);
}

export async function removeBot(actor: PersonActor, conversationId: string, botId: string) {
  return db().$transaction(async (tx) => {
    const conversation = await requireParticipant(tx, actor, conversationId);
    const { count } = await tx.botAuthorization.updateMany({
      where: { conversationId, botId, revokedAt: null },
      data: { revokedAt: new Date(), revokedByUserId: actor.userId },
    });
    if (count === 0) throw new ApiError("not_found", "This bot is not authorized in this conversation");
    await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "bot.removed", subjectType: "conversation", subjectId: conversationId, data: { bot_id: botId } });
    return { conversation_id: conversationId, bot_id: botId, removed: true };
  });
}
