import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError } from "@/lib/errors";
import { authenticateBot, bearerToken, type BotPrincipal } from "@/lib/bots/authenticate-bot";
import { parseJson, readBodyText } from "./read-body";
import { validate } from "./validation";
import {
  IDEMPOTENCY_KEY_MAX,
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
} from "./idempotency";

// The public-route wrapper (STYLE.md): auth -> parse -> idempotency -> service -> error mapping.
// Validation runs before the idempotency claim, so bad input is refused without leaving a trace (Stripe's rule:
// only requests that started executing are remembered). A handler never builds an error body.

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const reply = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, body, headers });

interface RouteOptions<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  body?: B;
  query?: Q;
  /** `required`: 400 without an Idempotency-Key. `optional`: deduplicated when given. */
  idempotency?: "required" | "optional";
}

export interface BotRouteContext<B, Q> {
  bot: BotPrincipal;
  params: Record<string, string>;
  body: B;
  query: Q;
  requestId: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type NextContext = { params: Promise<Record<string, string | string[]>> };

export function botRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  options: RouteOptions<B, Q>,
  handler: (context: BotRouteContext<Out<B>, Out<Q>>) => Promise<Reply>,
) {
  return async (request: Request, context?: NextContext): Promise<Response> => {
    const requestId = randomUUID();
    let claimed: { botId: string; key: string } | null = null;
    try {
      const bot = await authenticateBot(bearerToken(request.headers.get("authorization")));
      if (!bot) throw new ApiError("unauthorized", "Missing or invalid API key: send Authorization: Bearer amk_...");

      const params = flattenParams((await context?.params) ?? {});
      const url = new URL(request.url);
      const query = (options.query ? validate(options.query, Object.fromEntries(url.searchParams), "Query") : undefined) as Out<Q>;

      let rawBody: unknown = undefined;
      if (options.body) rawBody = parseJson(await readBodyText(request));

      const key = idempotencyKey(request, options.idempotency);
      const body = (options.body ? validate(options.body, rawBody) : undefined) as Out<B>;

      if (key) {
        const claim = await claimIdempotencyKey(bot.id, key, requestHash(request.method, url.pathname, rawBody));
        if (claim.kind === "replay") {
          return respond(claim.response.status, claim.response.body, { ...claim.response.headers, "Idempotent-Replayed": "true" }, requestId);
        }
        claimed = { botId: bot.id, key };
      }

      const result = await handler({ bot, params, body, query, requestId });
      if (claimed) await completeIdempotencyKey(claimed.botId, claimed.key, { status: result.status, body: result.body, headers: result.headers ?? {} });
      return respond(result.status, result.body, result.headers ?? {}, requestId);
    } catch (error) {
      return fail(error, requestId, claimed);
    }
  };
}

function idempotencyKey(request: Request, mode: RouteOptions<undefined, undefined>["idempotency"]): string | null {
  if (!mode) return null;
  const key = request.headers.get("idempotency-key");
  if (key === null || key === "") {
    if (mode === "required") throw new ApiError("idempotency_key_required", "This request needs an Idempotency-Key header (at most 64 characters)");
    return null;
  }
  if (key.length > IDEMPOTENCY_KEY_MAX) throw new ApiError("invalid_body", `Idempotency-Key is longer than ${IDEMPOTENCY_KEY_MAX} characters`);
  return key;
}

async function fail(error: unknown, requestId: string, claimed: { botId: string; key: string } | null): Promise<Response> {
  const apiError = error instanceof ApiError ? error : null;
  if (!apiError) console.error(`[${requestId}]`, error);
  const failure = apiError ?? new ApiError("internal_error", "Something went wrong on our side; it is safe to retry");
  const headers: Record<string, string> = failure.extras.retryAfter !== undefined ? { "Retry-After": String(failure.extras.retryAfter) } : {};
  const body = failure.toBody(requestId);
  if (claimed) {
    // Non-2xx results below 500 are remembered and replayed like successes; a 5xx frees the key for a retry.
    if (failure.status < 500) await completeIdempotencyKey(claimed.botId, claimed.key, { status: failure.status, body, headers }).catch(() => {});
    else await releaseIdempotencyKey(claimed.botId, claimed.key).catch(() => {});
  }
  return respond(failure.status, body, headers, requestId);
}

export function respond(status: number, body: unknown, headers: Record<string, string>, requestId: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers, "X-Request-Id": requestId },
  });
}

/** An error response outside any bot route (unknown routes, wrong methods). */
export function errorResponse(error: ApiError): Response {
  const requestId = randomUUID();
  return respond(error.status, error.toBody(requestId), {}, requestId);
}

function flattenParams(params: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
}
