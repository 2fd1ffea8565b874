import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireConversationAccess, type PersonActor } from "@/lib/people/actor";

// Someone in the conversation blocks a bot there: everything it sends in that conversation is blocked
// (`blocked_by_participant`) until they or another participant unblock it. Blocking twice is a no-op.

export async function blockBot(actor: PersonActor, conversationId: string, botId: string) {
  return db().$transaction(async (tx) => {
    const { conversation } = await requireConversationAccess(tx, actor, conversationId);
    const bot = await tx.bot.findUnique({ where: { id: botId } });
    if (!bot || bot.workspaceId !== conversation.workspaceId) throw new ApiError("not_found", "Bot not found in this workspace");
    const active = await tx.botBlock.findFirst({ where: { conversationId, botId, revokedAt: null } });
    if (active) return { conversation_id: conversationId, bot_id: botId, blocked: true, created: false };
    await tx.botBlock.create({ data: { conversationId, botId, blockedByUserId: actor.userId } });
    await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "bot.blocked", subjectType: "conversation", subjectId: conversationId, data: { bot_id: botId } });
    return { conversation_id: conversationId, bot_id: botId, blocked: true, created: true };
  });
}

export async function unblockBot(actor: PersonActor, conversationId: string, botId: string) {
  return db().$transaction(async (tx) => {
    const { conversation } = await requireConversationAccess(tx, actor, conversationId);
    const { count } = await tx.botBlock.updateMany({
      where: { conversationId, botId, revokedAt: null },
      data: { revokedAt: new Date(), revokedByUserId: actor.userId },
    });
    if (count > 0) {
      await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "bot.unblocked", subjectType: "conversation", subjectId: conversationId, data: { bot_id: botId } });
    }
    return { conversation_id: conversationId, bot_id: botId, blocked: false };
  });
}
