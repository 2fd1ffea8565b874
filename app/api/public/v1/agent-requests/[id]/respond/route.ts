import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { respondToAgentRequest } from "@/lib/agents/respond-to-agent-request";
import { RespondAgentRequestRequest } from "@/lib/schemas/agent-requests";

export const POST = botRoute(
  { body: RespondAgentRequestRequest, idempotency: "required" },
  async ({ bot, params, body, tx }) => reply(200, { data: await respondToAgentRequest(bot, params.id!, body, tx) }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
