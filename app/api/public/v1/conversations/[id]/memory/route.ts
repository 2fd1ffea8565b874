import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { deprecationHeaders } from "@/lib/memory/deprecation";
import { readConversationMemory, writeConversationMemory } from "@/lib/memory/conversation-memory";
import { deprecationHeader, error, json, refusals, replayedHeader } from "@/lib/openapi/operation";
import { FactCreated, FactList, LegacyMemoryQuery, LegacyMemoryRequest } from "@/lib/schemas/memory";

// Legacy (docs/api-contract.md#versioning): scoped to the conversation; the contact's facts, context and search replace it.

export const GET = botRoute(
  {
    operation: {
      method: "get",
      path: "/conversations/{id}/memory",
      operationId: "readConversationMemory",
      tags: ["Memory"],
      deprecated: true,
      summary: "Legacy: facts scoped to this conversation. Use the contact's context and search",
      description:
        "Legacy: lists the candidate and confirmed facts recorded in this conversation, optionally filtered by `q`. Answers carry `Deprecation` and a `Link` to the successor, `GET /contacts/{id}/context`; use that and `GET /contacts/{id}/search` instead.",
      responses: {
        200: json(FactList, {
          description: "Candidate and confirmed facts of this conversation",
          headers: deprecationHeader,
        }),
        403: refusals.forbidden,
      },
    },
    query: LegacyMemoryQuery,
  },
  async ({ bot, params, query }) => {
    const { facts, contactId } = await readConversationMemory(bot, {
      conversationId: requireUuid(params.id, "Conversation"),
      query: query.q,
    });
    return reply(200, { body: { data: facts }, headers: deprecationHeaders(contactId, "context") });
  },
);

export const POST = botRoute(
  {
    operation: {
      method: "post",
      path: "/conversations/{id}/memory",
      operationId: "writeConversationMemory",
      tags: ["Memory"],
      deprecated: true,
      summary:
        "Legacy: remember a fact in this conversation (a candidate about its contact). Use POST /contacts/{id}/facts",
      description:
        "Legacy: records a fact about the conversation's contact, as a candidate. Answers carry `Deprecation` and a `Link` to the successor, `POST /contacts/{id}/facts`; use that instead. Requires an `Idempotency-Key`.",
      responses: {
        201: json(FactCreated, {
          description: "The stored fact, as a candidate",
          headers: { ...replayedHeader, ...deprecationHeader },
        }),
        403: refusals.forbidden,
        422: error("`invalid_body`, or the conversation has no contact"),
      },
    },
    body: LegacyMemoryRequest,
    idempotency: "required",
  },
  async ({ bot, params, body, tx }) => {
    const { fact, contactId } = await writeConversationMemory(bot, {
      conversationId: requireUuid(params.id, "Conversation"),
      input: body,
      tx,
    });
    return reply(201, { body: { data: fact }, headers: deprecationHeaders(contactId, "facts") });
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
