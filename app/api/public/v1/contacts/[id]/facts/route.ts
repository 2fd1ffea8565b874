import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { proposeFact } from "@/lib/memory/propose-fact";
import { ProposeFactRequest } from "@/lib/schemas/memory";

export const POST = botRoute({ body: ProposeFactRequest, idempotency: "required" }, async ({ bot, params, body, tx }) =>
  reply(201, { data: await proposeFact(bot, params.id!, body, tx) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
