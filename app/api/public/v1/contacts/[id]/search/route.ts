import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { searchContact } from "@/lib/memory/search-contact";
import { SearchQuery } from "@/lib/schemas/search";

export const GET = botRoute({ query: SearchQuery }, async ({ bot, params, query }) =>
  reply(200, { data: await searchContact(bot, params.id!, query.q, { limit: query.limit }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
