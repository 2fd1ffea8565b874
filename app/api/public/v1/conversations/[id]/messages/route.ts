import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { listMessages } from "@/lib/messages/list-messages";
import { sendMessage, sendOpening } from "@/lib/messages/send-message";
import { lostDayRace } from "@/lib/policy/load-snapshot";
import { serializeSentMessage } from "@/lib/messages/serialize";
import { error, json, refusals, replayedHeader } from "@/lib/openapi/operation";
import { HeldMessage, MessageList, MessageListQuery, SendMessageRequest, SentMessage } from "@/lib/schemas/messages";

const conversationOf = (params: Record<string, string>) => requireUuid(params.id, "Conversation");

export const GET = botRoute(
  {
    replicaReads: true,
    operation: {
      method: "get",
      path: "/conversations/{id}/messages",
      operationId: "listMessages",
      tags: ["Messages"],
      summary: "Messages in ascending seq after `after_seq`; poll with `next_after_seq`",
      description:
        "Lists the conversation's messages in ascending `seq` (gapless per conversation), after `after_seq` (exclusive, default 0). To poll, pass `next_after_seq` back as `after_seq`. `cursor` is an opaque `after_seq` and wins when both are given. A conversation that does not exist is 404; one that is not this bot's is 403.",
      responses: { 200: json(MessageList, { description: "A page of messages" }), 403: refusals.forbidden },
    },
    query: MessageListQuery,
  },
  async ({ bot, params, query }) =>
    reply(200, {
      body: await listMessages(bot, {
        conversationId: conversationOf(params),
        afterSeq: query.after_seq,
        limit: query.limit,
        cursor: query.cursor,
      }),
    }),
);

export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/conversations/{id}/messages",
      operationId: "sendMessage",
      tags: ["Messages"],
      summary: "Send a message or cards; the policy decides: 201 sent, 202 held, 429 deferred, 403 blocked",
      description:
        "Sends a message (`body`, and up to 10 `blocks`: actions, forms, status) as the bot. Every send passes the workspace's policy, first match wins: 403 `policy_blocked` → 409 `opted_out` → 429 `deferred` (with `Retry-After`) → 202 held for a person's approval (`draft.approved` follows when approved) → 201 sent. Requires an `Idempotency-Key`: a replay within 24 hours returns the first answer with `Idempotent-Replayed: true`.",
      responses: {
        201: json(SentMessage, { description: "Sent", headers: replayedHeader }),
        202: json(HeldMessage, {
          description: "Held for a person's approval; `draft.approved` follows when approved",
          headers: replayedHeader,
        }),
        403: error("`forbidden` (not authorized here) or `policy_blocked` with `reasons`", replayedHeader),
        409: error("`opted_out`, `idempotency_key_reused` or `idempotency_request_in_progress`", replayedHeader),
        429: error(
          "`deferred` with `reasons` and `retry_after`: the bot is over its request rate (`rate_limit_second`, judged before anything else) or its message limits (`rate_limit_day`, `rate_limit_conversation`); or `too_many_attempts` with `retry_after` (too many failed API keys from this address)",
          {
            ...replayedHeader,
            ...refusals.retryAfterHeader(
              "Seconds until the bot's next request is let through or the rate window frees a slot, or until the address may try again",
            ),
          },
        ),
      },
    },
    body: SendMessageRequest,
    idempotency: "required",
    opening: ({ bot, params, serialized }) => sendOpening(bot, { conversationId: conversationOf(params), serialized }),
    lostRace: lostDayRace,
  },
  async ({ bot, params, body, tx, opened }) => {
    const result = await sendMessage(bot, { conversationId: conversationOf(params), input: body, tx, opened });
    if (result.status === "pending_approval") {
      return reply(202, {
        body: {
          data: { status: "pending_approval" as const, approval_id: result.approvalId, reasons: result.reasons },
        },
        limits: result.limits,
      });
    }
    return reply(201, { body: { data: serializeSentMessage(result.message) }, limits: result.limits });
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
