import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { respondToAgentRequest } from "@/lib/agents/respond-to-agent-request";
import { error, json, replayedHeader } from "@/lib/openapi/operation";
import { AgentRequestResponse, RespondAgentRequestRequest } from "@/lib/schemas/agent-requests";

export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/agent-requests/{id}/respond",
      operationId: "respondToAgentRequest",
      tags: ["Agent requests"],
      summary: "Answer a request addressed to this bot, once; `attachment_id` becomes a signed link valid 24 hours",
      description:
        "Answers a request addressed to this bot, once. To attach a file, upload it first (`POST /attachments`) and pass its `attachment_id`: the asking side gets a signed link valid 24 hours. An answer after the request was answered, withdrawn or expired is 409 `conflict`. Requires an `Idempotency-Key`.",
      responses: {
        200: json(AgentRequestResponse, { description: "The answered request", headers: replayedHeader }),
        403: error(
          "`forbidden` (this bot asked it; only the addressed bot answers), `workspace_suspended`, or `policy_blocked` with `reasons`",
          replayedHeader,
        ),
        409: error("`conflict`: already answered, withdrawn or expired; or an idempotency conflict", replayedHeader),
        422: error("`invalid_body`, or `attachment_id` is not an upload of this bot"),
      },
    },
    body: RespondAgentRequestRequest,
    idempotency: "required",
  },
  async ({ bot, params, body, tx }) =>
    reply(200, { body: { data: await respondToAgentRequest(bot, { requestId: params.id!, input: body, tx }) } }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
