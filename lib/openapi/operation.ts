import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ErrorBody, IdempotencyKey, Uuid } from "@/lib/schemas/common";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { EXAMPLES, IDS, OPERATION_EXAMPLES, errorExamples } from "./examples";

// What a bot route says about itself (issue 17): each route module declares its operation beside its handler
// (lib/http/bot-route.ts), and the OpenAPI document is built from the route modules
// (app/api/public/v1/openapi-document.ts). The answers every route shares follow from the route's options, so a route
// names only its own: its successes and the refusals particular to it.

const requestIdHeader = {
  "X-Request-Id": { description: "Identifies this request in our logs", schema: { type: "string" as const } },
};
export const replayedHeader = {
  "Idempotent-Replayed": {
    description: "`true` when this is the stored result of an earlier request with the same Idempotency-Key",
    schema: { type: "string" as const },
  },
};
export const deprecationHeader = {
  Deprecation: {
    description: "RFC 9745: when this endpoint was deprecated (`@<unix seconds>`)",
    schema: { type: "string" as const },
  },
  Link: { description: 'The successor endpoint (`rel="successor-version"`)', schema: { type: "string" as const } },
};
const retryAfterHeader = (description: string) => ({
  "Retry-After": { description, schema: { type: "integer" as const } },
});

/**
 * The IETF RateLimit header fields (lib/http/rate-limit-headers.ts) on every answer to a request that named a bot
 * (all but 401 and the address throttle's 429).
 */
const rateLimitHeaders = {
  "RateLimit-Policy": {
    description:
      'draft-ietf-httpapi-ratelimit-headers: the bot\'s limits, the same on every answer. `"second";q=<burst>;w=<seconds>` is the request rate (a token bucket: bursts of `q`, refilled at `q/w` a second), `"day";q=<messages>;w=86400` the rolling day of messages, `"conversation";q=…;w=…` the per-conversation limit where the workspace sets one. A policy\'s name is its reason code without `rate_limit_`.',
    schema: { type: "string" as const },
    example: '"second";q=30;w=3, "day";q=1000;w=86400',
  },
  RateLimit: {
    description:
      "draft-ietf-httpapi-ratelimit-headers: of the limits this request counted against (a send: the rate, the day and the conversation; anything else: the rate), the one closest to running out: `r` requests left, `t` seconds until more are free (absent when nothing is used, or not known).",
    schema: { type: "string" as const },
    example: '"second";r=29;t=1',
  },
};

export interface JsonAnswer<S extends z.ZodType = z.ZodType> {
  description: string;
  headers: Record<string, unknown>;
  content: {
    "application/json": { schema: S; example?: unknown; examples?: Record<string, { value: unknown }> };
  };
}

export interface JsonAnswerOptions {
  description: string;
  /** The answer's headers, beside X-Request-Id. */
  headers?: Record<string, unknown>;
}

/** An answer with a JSON body of this schema. A route's successes are typed by it (`reply`). */
export const json = <S extends z.ZodType>(
  schema: S,
  { description, headers = {} }: JsonAnswerOptions,
): JsonAnswer<S> => ({
  description,
  headers: { ...requestIdHeader, ...headers },
  content: { "application/json": { schema } },
});

/**
 * An answer that is a stream of server-sent events (`text/event-stream`): `schema` is one event's (`id`, `event`,
 * `data`), the convention OpenAPI tools read for event streams; the handler returns the stream itself (`stream`).
 */
export interface StreamAnswer<S extends z.ZodType = z.ZodType> {
  description: string;
  headers: Record<string, unknown>;
  content: { "text/event-stream": { schema: S; example?: unknown } };
}

export interface StreamAnswerOptions {
  description: string;
  /** One event (`id`, `event`, `data`), for the document. */
  example: unknown;
}

/** An answer that is an event stream; each event follows `schema`. */
export const eventStreamOf = <S extends z.ZodType>(
  schema: S,
  { description, example }: StreamAnswerOptions,
): StreamAnswer<S> => ({
  description,
  headers: { ...requestIdHeader },
  content: { "text/event-stream": { schema, example } },
});

export const isStreamAnswer = (answer: JsonAnswer | StreamAnswer): answer is StreamAnswer =>
  "text/event-stream" in answer.content;

/** A refusal: the Error body. */
export const error = (description: string, headers: Record<string, unknown> = {}) =>
  json(ErrorBody, { description, headers });

const STOPPED = '`policy_blocked` with reasons `["bot_stopped"]`: a workspace admin stopped the bot';
const LIMIT = `${MAX_BODY_BYTES / 1024} KiB`;

/** The shared refusals, by what causes them. */
const SHARED = {
  unauthorized: error("`unauthorized`: missing or invalid API key", {
    "WWW-Authenticate": {
      description:
        'RFC 6750: `Bearer realm="relay"`; with `error="invalid_token"` when a key was presented and refused',
      schema: { type: "string" as const },
    },
  }),
  throttled: error(
    "`deferred` with reasons `[\"rate_limit_second\"]` and `retry_after`: the bot is over its request rate; or `too_many_attempts` with `retry_after`: too many failed API keys from this address, which is refused until then",
    retryAfterHeader("Seconds until the bot's next request is let through, or until the address may try again"),
  ),
  stopped: error(STOPPED),
  badRequest: (idempotency: boolean) =>
    error(
      idempotency
        ? "`invalid_json`: the body is not JSON; `idempotency_key_required`: the header is missing"
        : "`invalid_json`: the body is not JSON",
    ),
  tooLarge: error(`\`payload_too_large\`: the body is larger than ${LIMIT}`),
  invalid: error("`invalid_body` or `invalid_blocks`: the request does not match the schema"),
  idempotencyConflict: error("`idempotency_key_reused` or `idempotency_request_in_progress`", replayedHeader),
};

/** The common refusals a route names itself, with its own words. */
export const refusals = {
  forbidden: error("`forbidden`: the bot is not authorized in this conversation"),
  notFound: error("`not_found`"),
  idempotencyConflict: SHARED.idempotencyConflict,
  contactForbidden: error(
    "`forbidden`: the bot is not in a conversation with this contact, or the contact is sensitive and the key lacks `memory:sensitive`",
  ),
  retryAfterHeader,
};

export type Answers = Record<number, JsonAnswer | StreamAnswer>;

export interface Operation<R extends Answers = Answers> {
  method: "get" | "post" | "patch";
  /** Under /api/public/v1, with `{id}` for the route's id. */
  path: string;
  operationId: string;
  tags: string[];
  summary: string;
  /** What a developer needs to call it well (Markdown): what it does, its rules, what to do with its answers. */
  description: string;
  deprecated?: true;
  /** A body that is not JSON (an upload): its content, as OpenAPI says it. */
  rawBody?: { contentType: string; schema: z.ZodType };
  /** Request headers the route reads itself (beside Authorization and Idempotency-Key), each described. */
  requestHeaders?: z.ZodObject;
  /** The answers this route gives itself: its successes (2xx, which `reply` is typed against) and its own refusals. */
  responses: R;
}

/** What the route's options say about its request. */
export interface RouteShape {
  body?: z.ZodType;
  query?: z.ZodType;
  idempotency?: "required" | "optional";
  servesStoppedBot?: true;
}

/** The OpenAPI operation of a route: its own answers, and those its options imply. */
export function routeConfig(operation: Operation, shape: RouteShape): RouteConfig {
  const own = operation.responses;
  const takesId = operation.path.includes("{id}");
  const jsonBody = shape.body !== undefined;
  const keyed = shape.idempotency !== undefined;
  const responses: Record<number, JsonAnswer | StreamAnswer> = { ...own };
  const add = (status: number, answer: JsonAnswer) => (responses[status] ??= answer);
  if (jsonBody || shape.idempotency === "required") add(400, SHARED.badRequest(shape.idempotency === "required"));
  add(401, SHARED.unauthorized);
  if (!shape.servesStoppedBot) {
    const forbidden = own[403];
    responses[403] = forbidden ? { ...forbidden, description: `${forbidden.description}; ${STOPPED}` } : SHARED.stopped;
  }
  if (takesId) add(404, refusals.notFound);
  if (keyed) add(409, SHARED.idempotencyConflict);
  if (jsonBody) add(413, SHARED.tooLarge);
  if (jsonBody || shape.query || takesId || operation.requestHeaders) add(422, SHARED.invalid);
  if (!own[429]) responses[429] = SHARED.throttled;
  for (const [status, answer] of Object.entries(responses)) {
    const named = Number(status) === 401 ? answer : { ...answer, headers: { ...answer.headers, ...rateLimitHeaders } };
    responses[Number(status)] = withExample(operation.operationId, Number(status), named);
  }
  const request: NonNullable<RouteConfig["request"]> = {};
  if (takesId) request.params = z.object({ id: Uuid.meta(pathId(operation.path)) });
  if (shape.query) request.query = shape.query as z.ZodObject;
  if (keyed)
    request.headers = z.object({
      "Idempotency-Key": shape.idempotency === "required" ? IdempotencyKey : IdempotencyKey.optional(),
    });
  if (operation.requestHeaders) request.headers = operation.requestHeaders;
  if (shape.body)
    request.body = {
      required: true,
      content: { "application/json": { schema: shape.body, example: EXAMPLES.get(shape.body) } },
    };
  if (operation.rawBody)
    request.body = {
      required: true,
      content: {
        [operation.rawBody.contentType]: {
          schema: operation.rawBody.schema,
          example: EXAMPLES.get(operation.rawBody.schema),
        },
      },
    };
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
  return {
    method: operation.method,
    path: operation.path,
    operationId: operation.operationId,
    tags: operation.tags,
    summary: operation.summary,
    description: operation.description,
    ...(operation.deprecated ? { deprecated: true } : {}),
    security: [{ bearerAuth: [] }],
    ...(Object.keys(request).length ? { request } : {}),
    responses: sorted as RouteConfig["responses"],
  };
}

/**
 * The `{id}` of a path, described (what it is the id of, and whose it must be) with its example: a message's, a
 * contact's, an agent request's or, for every other path, a conversation's.
 */
function pathId(path: string): { description: string; example: string } {
  if (path.startsWith("/messages/"))
    return {
      description:
        "The message's id (a UUID), as the send's 201 answer or the conversation's message list gives it: a message " +
        "this bot sent",
      example: IDS.botMessage,
    };
  if (path.startsWith("/contacts/"))
    return {
      description:
        "The contact's id (a UUID, a fact's `contact_id`): a contact of a conversation this bot is authorized in, " +
        "in its own workspace; a high-sensitivity contact also needs a key with `memory:sensitive`",
      example: IDS.contact,
    };
  if (path.startsWith("/agent-requests/"))
    return {
      description:
        "The agent request's id (a UUID), as `GET /agent-requests` (`direction=incoming`) or the " +
        "`agent_request.created` webhook names it: a request addressed to this bot",
      example: IDS.agentRequest,
    };
  return {
    description:
      "The conversation's id (a UUID), as `GET /conversations` lists it: a conversation this bot is authorized in",
    example: IDS.conversation,
  };
}

/** The answer with its example: a success's from lib/openapi/examples.ts, a refusal's one per code it names. */
function withExample(operationId: string, status: number, answer: JsonAnswer | StreamAnswer) {
  if (isStreamAnswer(answer)) return answer; // its example is its own
  const media = answer.content["application/json"];
  if (media.schema === ErrorBody)
    return {
      ...answer,
      content: { "application/json": { ...media, examples: errorExamples(status, answer.description) } },
    };
  const example = OPERATION_EXAMPLES[operationId]?.[status] ?? EXAMPLES.get(media.schema);
  return { ...answer, content: { "application/json": { ...media, example } } };
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** The replies a route's handler may return: one per success it declares, with a body of that answer's schema. */
export type ReplyOf<R extends Answers> = {
  [S in keyof R & SuccessStatus]: R[S] extends StreamAnswer
    ? { status: S; stream: Response }
    : {
        status: S;
        body: R[S] extends JsonAnswer<infer Schema> ? z.input<Schema> : never;
        headers?: Record<string, string>;
      };
}[keyof R & SuccessStatus];
