import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { listBotConversations } from "@/lib/conversations/list-bot-conversations";
import { json } from "@/lib/openapi/operation";
import { ConversationList, ConversationListQuery } from "@/lib/schemas/conversations";

export const GET = botRoute(
  {
    replicaReads: true,
    operation: {
      method: "get",
      path: "/conversations",
      operationId: "listConversations",
      tags: ["Conversations"],
      summary: "Conversations where the bot is authorized, newest activity first",
      description:
        "Lists the conversations where a participant's authorization of this bot stands, newest activity first. Pages with `limit` (1–200, default 50) and `cursor` (pass back `next_cursor`; null at the end).",
      responses: { 200: json(ConversationList, { description: "A page of conversations" }) },
    },
    query: ConversationListQuery,
  },
  async ({ bot, query }) => reply(200, { body: await listBotConversations(bot, query) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
