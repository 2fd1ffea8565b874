import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { buildContextPack } from "@/lib/memory/context-pack";
import { ContextQuery } from "@/lib/schemas/memory";

export const GET = botRoute({ query: ContextQuery }, async ({ bot, params, query }) =>
  reply(200, { data: await buildContextPack(bot, params.id!, query.format) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
