import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { createAgentRequest } from "@/lib/agents/create-agent-request";
import { listAgentRequests } from "@/lib/agents/list-agent-requests";
import { error, json, replayedHeader } from "@/lib/openapi/operation";
import {
  AgentRequestList,
  AgentRequestListQuery,
  AgentRequestResponse,
  CreateAgentRequestRequest,
} from "@/lib/schemas/agent-requests";

// Bot-to-bot requests over trusted connections (docs/guides/bot-developers.md "Agent requests").

export const GET = botRoute(
  {
    operation: {
      method: "get",
      path: "/agent-requests",
      operationId: "listAgentRequests",
      tags: ["Agent requests"],
      summary: "Requests this bot asked (outgoing) and was asked (incoming), newest first",
      description:
        "Lists the agent requests this bot asked (`direction=outgoing`) and was asked (`incoming`), newest first, optionally by `status`. Pages with `limit` and `cursor`.",
      responses: { 200: json(AgentRequestList, { description: "A page of agent requests" }) },
    },
    query: AgentRequestListQuery,
  },
  async ({ bot, query }) => reply(200, { body: await listAgentRequests(bot, { input: query }) }),
);

export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/agent-requests",
      operationId: "createAgentRequest",
      tags: ["Agent requests"],
      summary:
        "Ask another bot, over a trusted connection: 201 `pending_approval` (a person of this side approves first) or `awaiting_response`",
      description:
        "Asks another bot, over a live trusted connection between the two workspaces, for something of an allowed type. The request starts `pending_approval` (a person of this side approves it first, with `reasons`) or `awaiting_response`; the other bot hears `agent_request.received` and answers with `POST /agent-requests/{id}/respond`. Requires an `Idempotency-Key`.",
      responses: {
        201: json(AgentRequestResponse, {
          description: "The request: `pending_approval` with `reasons`, or `awaiting_response`",
          headers: replayedHeader,
        }),
        403: error(
          "`no_trusted_connection` (no live connection with that bot), `type_not_allowed` (not in this direction), `workspace_suspended`, or `policy_blocked` with `reasons` (e.g. `secrets_detected`)",
          replayedHeader,
        ),
      },
    },
    body: CreateAgentRequestRequest,
    idempotency: "required",
  },
  async ({ bot, body, tx }) => reply(201, { body: { data: await createAgentRequest(bot, { input: body, tx }) } }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
