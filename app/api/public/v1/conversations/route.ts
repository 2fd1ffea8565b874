import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { listBotConversations } from "@/lib/conversations/list-bot-conversations";
import { ConversationListQuery } from "@/lib/schemas/conversations";

export const GET = botRoute({ query: ConversationListQuery }, async ({ bot, query }) =>
  reply(200, await listBotConversations(bot, query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
