import { db, type Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";

// Someone in the conversation blocks a bot there: everything it sends in that conversation is blocked
// (`blocked_by_participant`) until they or another participant unblock it. Repeats change nothing.

async function resolve(tx: Tx, actor: PersonActor, conversationId: string, botId: string) {
  const { conversation } = await requireConversationAccess(actor, {
    client: tx,
    conversationId: requireUuid(conversationId, "Conversation"),
  });
  const bot = await tx.bot.findUnique({ where: { id: requireUuid(botId, "Bot") } });
  if (!bot || bot.workspaceId !== conversation.workspaceId) throw new ApiError("not_found", "Bot not found in this workspace");
  return conversation;
}

/** A bot in a conversation: the one blocked or unblocked, and where. */
interface BotInConversation {
  conversationId: string;
  botId: string;
}

export async function blockBot(actor: PersonActor, { conversationId, botId }: BotInConversation) {
  return db().$transaction(async (tx) => {
    const conversation = await resolve(tx, actor, conversationId, botId);
    // ON CONFLICT DO NOTHING against the partial unique index (one active block per pair): two clicks, one row.
    const { count } = await tx.botBlock.createMany({ data: [{ conversationId, botId, blockedByUserId: actor.userId }], skipDuplicates: true });
    if (count > 0) {
      await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "bot.blocked", subjectType: "conversation", subjectId: conversationId, data: { bot_id: botId } });
    }
    return { conversation_id: conversationId, bot_id: botId, blocked: true, changed: count > 0 };
  });
}

export async function unblockBot(actor: PersonActor, { conversationId, botId }: BotInConversation) {
  return db().$transaction(async (tx) => {
    const conversation = await resolve(tx, actor, conversationId, botId);
    const { count } = await tx.botBlock.updateMany({
      where: { conversationId, botId, revokedAt: null },
      data: { revokedAt: new Date(), revokedByUserId: actor.userId },
    });
    if (count > 0) {
      await recordAudit(tx, { workspaceId: conversation.workspaceId, actor, action: "bot.unblocked", subjectType: "conversation", subjectId: conversationId, data: { bot_id: botId } });
    }
    return { conversation_id: conversationId, bot_id: botId, blocked: false, changed: count > 0 };
  });
}
