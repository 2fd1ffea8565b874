import type { z } from "zod";
import { isDeepStrictEqual } from "node:util";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { isStreamAnswer, type Answers, type Operation, type ReplyOf } from "@/lib/openapi/operation";
import { authenticateBot, bearerToken } from "@/lib/bots/authenticate-bot";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { runStatement, sql, transactionBetween, type Statement, type Transaction } from "@/lib/db/sql";
import { lastWrite, readingFromReplica, recordWrite } from "@/lib/db/replicas";
import { log, withRequestId } from "@/lib/log";
import { observeRequest } from "@/lib/metrics/registry";
import { newRequestId, respond, withApiHeaders } from "./api-response";
import { clientAddress } from "@/lib/net/client-address";
import { parseJson, readBodyText } from "./read-body";
import { validate } from "@/lib/schemas/validate";
import { IDEMPOTENCY_KEY_MAX, type LimitState } from "@/lib/limits";
import {
  rateRefusal,
  rememberedRefusal,
  takeBotToken,
  tokenOutcome,
  tokenStatement,
  type RateOutcome,
} from "@/lib/throttle/bot-rate";
import { rateLimitHeaders } from "./rate-limit-headers";
import { openedRequest, openingStatements, requestHash, storeStatement, type StoredResponse } from "./idempotency";

// The public-route wrapper (docs/style.md#doors-are-thin-the-domain-does-the-work): auth -> parse -> validate ->
// request rate -> idempotency -> service -> error mapping.
// Validation runs before the idempotency key is looked at, so bad input is refused without leaving a trace (Stripe's
// rule: only requests that started executing are remembered). With a key, the service runs inside the wrapper's
// transaction (`tx`), which also stores the response. A handler never builds an error body.

export interface Reply {
  status: number;
  body?: unknown;
  /** An answer that is a stream (an operation's `eventStreamOf` answer): sent as it is, with the API's headers. */
  stream?: Response;
  headers?: Record<string, string>;
  /** The bot's limits as this request left them, beside its request rate (a send's day): the RateLimit header. */
  limits?: LimitState[];
}

/** A reply's body, and what goes with it (see `Reply`). */
export interface ReplyOptions<Body> {
  body: Body;
  headers?: Record<string, string>;
  /** The bot's limits as this request left them, beside its request rate (a send's day): the RateLimit header. */
  limits?: LimitState[];
}

/** A success; the route's handler is typed against the answers its operation declares (ReplyOf). */
export const reply = <const S extends number, Body>(status: S, { body, headers, limits }: ReplyOptions<Body>) => ({
  status,
  body,
  headers,
  limits,
});

interface RouteOptions<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, R extends Answers> {
  /** What the route is, for the OpenAPI document, and the answers it gives (lib/openapi/operation.ts). */
  operation: Operation<R>;
  body?: B;
  query?: Q;
  /** `required`: 400 without an Idempotency-Key. `optional`: deduplicated when given. */
  idempotency?: "required" | "optional";
  /**
   * Statements the request's transaction opens with: they travel with BEGIN and the idempotency lookup, one round
   * trip for all (docs/decisions/014), and the last one's rows reach the handler as `opened` (those before it take
   * locks). Only requests with a key have that transaction; the handler runs the statements itself when `opened` is
   * absent.
   */
  opening?: (request: { bot: BotPrincipal; params: Record<string, string>; serialized: boolean }) => Statement[];
  /**
   * An optimistic route's (a bot's send, docs/decisions/041): its transaction failed at commit because it lost a race
   * this recognises. The request then runs once more, its opening `serialized` (locks taken first), in a new
   * transaction: the first left nothing behind, and the request's token is not taken again.
   */
  lostRace?: (error: unknown) => boolean;
  /** Serves a stopped bot too. Only `GET /me` does: a stopped bot can learn who it is, and nothing else. */
  servesStoppedBot?: true;
  /**
   * A read that a replica may answer (DATABASE_READ_URLS; docs/decisions/044): the handler's `readSql()` reads go to a
   * replica that has replayed the bot's last write request, else to the primary. Its handler must only read.
   */
  replicaReads?: true;
}

export interface BotRouteContext<B, Q> {
  bot: BotPrincipal;
  params: Record<string, string>;
  body: B;
  query: Q;
  requestId: string;
  /** The request's transaction when it carries an Idempotency-Key: services do their writes in it. */
  tx?: Transaction;
  /** The rows of the route's last `opening` statement, run in `tx`. */
  opened?: unknown[];
  /** The request itself, for a route whose body is not JSON (a multipart upload reads its own body). */
  request: Request;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type NextContext = { params: Promise<Record<string, string | string[]>> };

/** A refusal a key remembers (`remembered`), thrown by the service: stored after its transaction rolled back. */
class Refused extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

/**
 * A route handler that knows what it is: the OpenAPI document is built from these
 * (app/api/public/v1/openapi-document.ts).
 */
export type BotRouteHandler = ((request: Request, context?: NextContext) => Promise<Response>) & {
  route: RouteOptions<z.ZodType | undefined, z.ZodType | undefined, Answers>;
};

export function botRoute<
  R extends Answers,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(options: RouteOptions<B, Q, R>, handler: (context: BotRouteContext<Out<B>, Out<Q>>) => Promise<ReplyOf<R>>) {
  const checked = async (context: BotRouteContext<Out<B>, Out<Q>>): Promise<Reply> => {
    const result: Reply = await handler(context);
    if (checkReplies()) checkReply(options.operation, result);
    return result;
  };
  const answer = async (
    request: Request,
    context: NextContext | undefined,
    { requestId, seen }: { requestId: string; seen: { botId: string | null } },
  ): Promise<Response> => {
    // The bot's request rate (lib/throttle/bot-rate.ts): every request with a valid key takes one token, whatever
    // its answer; every answer from then on reports the bot's limits (RateLimit-Policy, RateLimit), and a replay's
    // stored headers never carry them (they describe this request, not the first).
    let botId: string | null = null;
    let rate: RateOutcome | null = null;
    const out = (status: number, body: unknown, headers: Record<string, string>, limits: LimitState[] = []) =>
      respond(status, {
        body,
        headers: rate ? { ...headers, ...rateLimitHeaders(rate.policies, [rate.state, ...limits]) } : headers,
        requestId,
      });
    try {
      const bot = await authenticateBot(bearerToken(request.headers.get("authorization")), {
        address: () => clientAddress(request.headers),
      });
      if (!bot) throw new ApiError("unauthorized", "Missing or invalid API key: send Authorization: Bearer amk_...");
      botId = seen.botId = bot.id;
      // Refused already (this process heard so from the database, and no token is due yet): nothing is read.
      rate = rememberedRefusal(bot.id);
      if (rate) throw rateRefusal(rate);
      if (bot.status === "stopped" && !options.servesStoppedBot) {
        throw new ApiError(
          "policy_blocked",
          "This bot was stopped by a workspace admin: it can do nothing until resumed",
          {
            reasons: ["bot_stopped"],
          },
        );
      }

      const params = flattenParams((await context?.params) ?? {});
      const url = new URL(request.url);
      const query = (
        options.query
          ? validate(options.query, { input: Object.fromEntries(url.searchParams), what: "Query" })
          : undefined
      ) as Out<Q>;
      const rawBody: unknown = options.body ? parseJson(await readBodyText(request)) : undefined;
      const key = idempotencyKey(request, options.idempotency);
      const body = (options.body ? validate(options.body, { input: rawBody }) : undefined) as Out<B>;
      const run = (tx?: Transaction, opened?: unknown[]) =>
        checked({ bot, params, body, query, requestId, tx, opened, request });

      if (!key) {
        rate = await takeBotToken(bot.id);
        if (!rate.allowed) throw rateRefusal(rate);
        const result = options.replicaReads
          ? await readingFromReplica(() => run(), { after: await lastWrite(readerOf(bot.id)) })
          : await run();
        if (result.stream) return streamed(result.stream, { rate, requestId });
        return out(result.status, result.body, result.headers ?? {}, result.limits);
      }

      const hash = requestHash({ method: request.method, path: url.pathname, body: rawBody });
      try {
        // The key's lock and lookup travel with BEGIN (and the route's opening statements, if any), the request's
        // token ahead of them, committed on its own; the stored response with COMMIT (docs/decisions/013, 014).
        const attempt = (serialized: boolean) => {
          const opening = options.opening?.({ bot, params, serialized }) ?? [];
          const statements = [...openingStatements(bot.id, key), ...opening];
          return transactionBetween(
            async (tx, opened, [tokenRows]) => {
              // The token is taken once, with the first attempt.
              const taken = serialized && rate ? rate : (rate = tokenOutcome(bot.id, tokenRows));
              // Over the rate: rolled back, and the key stays free (not a refusal the key remembers).
              if (!taken.allowed) throw rateRefusal(taken);
              const stored = openedRequest(opened, hash);
              if (stored) return { replay: true, response: stored, limits: [] };
              let result: Reply;
              try {
                result = await run(tx, opening.length ? opened.at(-1) : undefined);
              } catch (error) {
                throw error instanceof ApiError && remembered(error) ? new Refused(error) : error;
              }
              const response: StoredResponse = {
                status: result.status,
                body: result.body,
                headers: result.headers ?? {},
              };
              tx.atCommit(storeStatement(bot.id, { key, hash, response }));
              return { replay: false, response, limits: result.limits ?? [] };
            },
            { opening: statements, before: serialized ? [] : [tokenStatement(bot.id)] },
          );
        };
        const outcome = await attempt(false).catch((error: unknown) => {
          if (!options.lostRace?.(error)) throw error;
          return attempt(true);
        });
        const { response } = outcome;
        const headers = outcome.replay ? { ...response.headers, "Idempotent-Replayed": "true" } : response.headers;
        return out(response.status, response.body, headers, outcome.limits);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        // The refusal's transaction rolled back (nothing it did stays); its answer is remembered like a success.
        await error.error.afterTransaction?.();
        const { status, body: errorBody, headers } = errorParts(error.error, requestId);
        const store = storeStatement(bot.id, { key, hash, response: { status, body: errorBody, headers } });
        await runStatement(sql(), store);
        return out(status, errorBody, headers, error.error.extras.limits);
      }
    } catch (error) {
      if (error instanceof ApiError) await error.afterTransaction?.();
      // Refused before its token was taken (a stopped bot, a body or key refused before the transaction): it counts.
      if (botId && !rate) rate = await takeBotToken(botId).catch(() => null);
      const failure = error instanceof ApiError ? error : internal(error);
      const { status, body, headers } = errorParts(failure, requestId);
      if (status === 401) headers["WWW-Authenticate"] = bearerChallenge(request);
      return out(status, body, headers, failure.extras.limits);
    }
  };
  // Every line logged while the request is handled carries its id (lib/log.ts); its answer is timed under the
  // route's template, never its raw path (lib/metrics/registry.ts).
  const template = `/api/public/v1${options.operation.path}`;
  const route = (request: Request, context?: NextContext): Promise<Response> => {
    const requestId = newRequestId();
    const startedAt = performance.now();
    return withRequestId(requestId, async () => {
      const seen = { botId: null as string | null };
      const response = await answer(request, context, { requestId, seen });
      // A request that may have written: the bot's next reads, in any process, see it (docs/decisions/044).
      if (seen.botId && !READS.has(request.method))
        await recordWrite(readerOf(seen.botId)).catch((error: unknown) =>
          log().warn({ err: error }, "could not record the bot's write position: its next read goes to the primary"),
        );
      observeRequest({ method: request.method, route: template, status: response.status, startedAt });
      return response;
    });
  };
  return Object.assign(route, { route: options }) as BotRouteHandler;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** A bot as a reader of its own writes (lib/db/replicas.ts). */
const readerOf = (botId: string) => `bot:${botId}`;

/**
 * Under test, every reply is checked against the schema its operation declares for its status, keys included (an
 * extra field the document does not name fails too): the API's tests are the contract test of the routes and the
 * OpenAPI document. In production nothing is checked.
 */
const checkReplies = () => env().NODE_ENV === "test";

function checkReply(operation: Operation, result: Reply) {
  const answer = operation.responses[result.status];
  if (!answer)
    throw new Error(`${operation.operationId} answered ${result.status}, which its operation does not declare`);
  if (isStreamAnswer(answer) !== Boolean(result.stream))
    throw new Error(`${operation.operationId} ${result.status} is ${result.stream ? "a stream" : "JSON"}, not as declared`);
  if (isStreamAnswer(answer)) return; // a stream's events are checked by its own tests
  const body: unknown = JSON.parse(JSON.stringify(result.body));
  const parsed = answer.content["application/json"].schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${operation.operationId} ${result.status} does not match its schema: ${parsed.error.message}`);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), body))
    throw new Error(
      `${operation.operationId} ${result.status} holds fields its schema does not name: ${JSON.stringify(body).slice(0, 500)}`,
    );
}

/**
 * The refusals a key remembers: 4xx, except an invalid request (400/422), whether the wrapper's schema or the service
 * found it invalid (e.g. a fact's source the bot cannot see): the client fixes the body and retries with the same key
 * (docs/guides/bot-developers.md "API notes", *Idempotency*; docs/decisions/004).
 */
const remembered = (error: ApiError) => error.status < 500 && error.status !== 400 && error.status !== 422;

function idempotencyKey(request: Request, mode: "required" | "optional" | undefined): string | null {
  if (!mode) return null;
  const key = request.headers.get("idempotency-key");
  if (key === null || key === "") {
    if (mode === "required")
      throw new ApiError(
        "idempotency_key_required",
        `This request needs an Idempotency-Key header (at most ${IDEMPOTENCY_KEY_MAX} characters)`,
      );
    return null;
  }
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw new ApiError("invalid_body", `Idempotency-Key is longer than ${IDEMPOTENCY_KEY_MAX} characters`);
  return key;
}

function internal(error: unknown): ApiError {
  log().error({ err: error }, "unexpected failure");
  return new ApiError("internal_error", "Something went wrong on our side; it is safe to retry");
}

const BEARER_REALM = 'Bearer realm="relay"';

/**
 * RFC 6750's challenge on every 401: the scheme and realm, and `error="invalid_token"` when a credential was presented
 * (an Authorization header of any kind) and refused; none when nothing was sent (section 3.1).
 */
export function bearerChallenge(request: Request): string {
  const presented = (request.headers.get("authorization") ?? "").trim() !== "";
  return presented
    ? `${BEARER_REALM}, error="invalid_token", error_description="The API key is malformed, unknown or revoked"`
    : BEARER_REALM;
}

/** A stream answer, with the API's headers and the bot's request rate, as every answer of a bot's request has. */
function streamed(stream: Response, { rate, requestId }: { rate: RateOutcome; requestId: string }): Response {
  const headers = new Headers(stream.headers);
  for (const [name, value] of Object.entries(rateLimitHeaders(rate.policies, [rate.state]))) headers.set(name, value);
  return withApiHeaders(new Response(stream.body, { status: stream.status, headers }), requestId);
}

function errorParts(error: ApiError, requestId: string) {
  const headers: Record<string, string> =
    error.extras.retryAfter !== undefined ? { "Retry-After": String(error.extras.retryAfter) } : {};
  return { status: error.status, body: error.toBody(requestId), headers };
}

// The API's one way out (lib/http/api-response.ts), re-exported for the routes that import it from here.
export { errorResponse, respond } from "./api-response";

function flattenParams(params: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
}
