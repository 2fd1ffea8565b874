import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { checkMessage } from "@/lib/messages/check-message";
import { json, refusals } from "@/lib/openapi/operation";
import { MessageCheck, SendMessageRequest } from "@/lib/schemas/messages";

export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/conversations/{id}/messages/check",
      operationId: "checkMessage",
      tags: ["Messages"],
      summary: "What would happen to this message? The send's verdict and reasons, without sending",
      description:
        "Runs the policy a send of this body would pass, built-in rules and the workspace's own (`rule:<slug>` reasons), and answers 200 with what the send would answer: `outcome` (`sent`, `pending_approval`, `policy_blocked`, `opted_out`, `deferred`), its HTTP `status`, `reasons`, the refusal's `message`, `retry_after` for a deferral and, when a workspace rule would hold it, who must approve. Nothing is written or sent; it counts against no message limit (the daily and per-conversation limits) and needs no `Idempotency-Key`. Like every request it takes a token of the bot's request rate. A send a moment later can still be decided otherwise: the check is of now.",
      responses: { 200: json(MessageCheck, { description: "The verdict a send would get now" }), 403: refusals.forbidden },
    },
    body: SendMessageRequest,
  },
  async ({ bot, params, body }) => {
    const check = await checkMessage(bot, { conversationId: requireUuid(params.id, "Conversation"), input: body });
    return reply(200, {
      body: {
        data: {
          outcome: check.outcome,
          status: check.status,
          reasons: check.reasons,
          message: check.message,
          retry_after: check.retryAfter,
          approval: check.approval,
          rule_set_version: check.ruleSetVersion,
        },
      },
    });
  },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
