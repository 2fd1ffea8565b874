import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { listAgentRequests } from "@/lib/agents/list-agent-requests";
import { AgentRequestListQuery, CreateAgentRequestRequest } from "@/lib/schemas/agent-requests";

export const GET = botRoute({ query: AgentRequestListQuery }, async ({ bot, query }) =>
  reply(200, await listAgentRequests(bot, query)),
);

export const POST = botRoute({ body: CreateAgentRequestRequest, idempotency: "required" }, async ({ bot, body, tx }) =>
  reply(201, { data: await createAgentRequest(bot, body, tx) }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
