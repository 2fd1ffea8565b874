import type { Db, Tx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { managesBot } from "@/lib/people/access";
import { requireMember, type Actor } from "@/lib/people/actor";

interface RequireBotManagerOptions {
  /** Where the bot and the membership are read: the pool or the caller's transaction. */
  client: Db | Tx;
  botId: string;
}

/**
 * Who may manage a bot (keys, secret, webhook, deliveries): the person who registered it (its developer) and the
 * admins of its workspace (lib/people/access.ts, managesBot); the operator at the command line always. Any member may register a bot: a new bot can
 * do nothing until a participant authorizes it in a conversation, and its first messages are held.
 */
export async function requireBotManager(actor: Actor, { client, botId }: RequireBotManagerOptions) {
  const bot = await client.bot.findUnique({ where: { id: botId } });
  if (!bot) throw new ApiError("not_found", "Bot not found");
  if (actor.type === "person") {
    const membership = await requireMember(actor, { client, workspaceId: bot.workspaceId, notFound: "Bot not found" });
    if (!managesBot(bot, { role: membership.role, userId: actor.userId })) {
      throw new ApiError("forbidden", "Only the bot's developer or a workspace admin can manage this bot");
    }
  }
  return bot;
}
