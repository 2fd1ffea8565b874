import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { MeResponse } from "@/lib/schemas/bots";
import { ErrorBody, IdempotencyKey, Uuid } from "@/lib/schemas/common";
import { ConversationList, ConversationListQuery } from "@/lib/schemas/conversations";
import { CreateDraftRequest, DraftCreated } from "@/lib/schemas/drafts";
import { HeldMessage, MessageList, MessageListQuery, PatchMessageRequest, SendMessageRequest, SentMessage, UpdatedMessage } from "@/lib/schemas/messages";

// The OpenAPI 3.1 document, generated from the zod schemas that validate requests (one schema per resource).

const requestIdHeader = { "X-Request-Id": { description: "Identifies this request in our logs", schema: { type: "string" as const } } };
const replayedHeader = { "Idempotent-Replayed": { description: "`true` when this is the stored result of an earlier request with the same Idempotency-Key", schema: { type: "string" as const } } };

const json = (schema: z.ZodType, description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers: { ...requestIdHeader, ...headers },
  content: { "application/json": { schema } },
});
const error = (description: string, headers: Record<string, unknown> = {}) => json(ErrorBody, description, headers);

const E = {
  400: error("`invalid_json`: the body is not JSON; `idempotency_key_required`: the header is missing"),
  401: error("`unauthorized`: missing or invalid API key"),
  403: error("`forbidden`: the bot is not authorized in this conversation"),
  404: error("`not_found`"),
  413: error("`payload_too_large`: the body is larger than 256 KiB"),
  422: error("`invalid_body` or `invalid_blocks`: the request does not match the schema"),
};

const idParam = z.object({ id: Uuid });
const idempotencyHeader = (required: boolean) =>
  z.object({ "Idempotency-Key": required ? IdempotencyKey : IdempotencyKey.optional() });

function register(registry: OpenAPIRegistry, route: RouteConfig) {
  registry.registerPath({ security: [{ bearerAuth: [] }], ...route });
}

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "A bot's API key: `Authorization: Bearer amk_...`",
  });

  register(registry, {
    method: "get",
    path: "/me",
    operationId: "getMe",
    tags: ["Bot"],
    summary: "The bot behind the key",
    responses: { 200: json(MeResponse, "The bot (unwrapped: `{bot}`)"), 401: E[401] },
  });
  register(registry, {
    method: "get",
    path: "/conversations",
    operationId: "listConversations",
    tags: ["Conversations"],
    summary: "Conversations where the bot is authorized, newest activity first",
    request: { query: ConversationListQuery },
    responses: { 200: json(ConversationList, "A page of conversations"), 401: E[401], 422: E[422] },
  });
  register(registry, {
    method: "get",
    path: "/conversations/{id}/messages",
    operationId: "listMessages",
    tags: ["Messages"],
    summary: "Messages in ascending seq after `after_seq`; poll with `next_after_seq`",
    request: { params: idParam, query: MessageListQuery },
    responses: { 200: json(MessageList, "A page of messages"), 401: E[401], 403: E[403], 404: E[404], 422: E[422] },
  });
  register(registry, {
    method: "post",
    path: "/conversations/{id}/messages",
    operationId: "sendMessage",
    tags: ["Messages"],
    summary: "Send a message or cards; the policy decides: 201 sent, 202 held, 429 deferred, 403 blocked",
    request: {
      params: idParam,
      headers: idempotencyHeader(true),
      body: { required: true, content: { "application/json": { schema: SendMessageRequest } } },
    },
    responses: {
      201: json(SentMessage, "Sent", replayedHeader),
      202: json(HeldMessage, "Held for a person's approval; `draft.approved` follows when approved", replayedHeader),
      400: E[400],
      401: E[401],
      403: error("`forbidden` (not authorized here) or `policy_blocked` with `reasons`", replayedHeader),
      404: E[404],
      409: error("`opted_out`, `idempotency_key_reused` or `idempotency_request_in_progress`", replayedHeader),
      413: E[413],
      422: E[422],
      429: error("`deferred` with `reasons` and `retry_after`", {
        ...replayedHeader,
        "Retry-After": { description: "Seconds until the rate window frees a slot", schema: { type: "integer" } },
      }),
    },
  });
  register(registry, {
    method: "patch",
    path: "/messages/{id}",
    operationId: "updateMessage",
    tags: ["Messages"],
    summary: "Update the status blocks of a message this bot sent, in place",
    request: { params: idParam, body: { required: true, content: { "application/json": { schema: PatchMessageRequest } } } },
    responses: {
      200: json(UpdatedMessage, "The updated message"),
      400: E[400],
      401: E[401],
      403: error("`forbidden` (not this bot's message) or `policy_blocked` (e.g. a secret in the new text)"),
      404: E[404],
      413: E[413],
      422: E[422],
    },
  });
  register(registry, {
    method: "post",
    path: "/conversations/{id}/drafts",
    operationId: "createDraft",
    tags: ["Drafts"],
    summary: "Propose a draft that a person edits, approves or rejects",
    request: {
      params: idParam,
      headers: idempotencyHeader(false),
      body: { required: true, content: { "application/json": { schema: CreateDraftRequest } } },
    },
    responses: {
      201: json(DraftCreated, "The draft, waiting for a person", replayedHeader),
      400: E[400],
      401: E[401],
      403: error("`forbidden` or `policy_blocked` with `reasons`"),
      404: E[404],
      409: error("`opted_out`, or an idempotency conflict"),
      413: E[413],
      422: E[422],
    },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Relay Bot API",
      version: "1.0.0",
      description: "Bots talk with people under a human approval policy. Every bot message passes one policy check.",
    },
    servers: [{ url: "/api/public/v1" }],
  });
}
