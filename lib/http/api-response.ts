import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";
import { apiHeaders } from "./security-headers";

// Every API answer leaves through here (docs/guides/security.md "Security headers"): the security headers of
// lib/http/security-headers.ts and an X-Request-Id, on our own answers, on the 405s and OPTIONS answers of
// lib/http/not-allowed.ts (so Next never answers for us) and around the handlers that build their own responses
// (`apiHandler`, lib/http/api-handler.ts). No database, logger or metrics imports: the proxy (proxy.ts) answers
// malformed API paths with `errorResponse`.

let cachedHeaders: Readonly<Record<string, string>> | undefined;

/** The API's security headers; APP_URL (HSTS) is read once. */
function securityHeaders(): Readonly<Record<string, string>> {
  cachedHeaders ??= Object.freeze(apiHeaders(env().APP_URL));
  return cachedHeaders;
}

export const newRequestId = (): string => crypto.randomUUID();

export interface RespondOptions {
  body: unknown;
  /** The route's own headers (the security headers and X-Request-Id are added after them). */
  headers: Record<string, string>;
  requestId: string;
}

/** A JSON answer of a route: its own headers, then the security headers and its request id. */
export function respond(status: number, { body, headers, requestId }: RespondOptions): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...headers,
      ...securityHeaders(),
      "X-Request-Id": requestId,
    },
  });
}

/** An error response outside any bot route (unknown routes, wrong methods, refusals of the chat's routes). */
export function errorResponse(error: ApiError, requestId: string = newRequestId()): Response {
  const headers: Record<string, string> =
    error.extras.retryAfter !== undefined ? { "Retry-After": String(error.extras.retryAfter) } : {};
  return respond(error.status, { body: error.toBody(requestId), headers, requestId });
}

/**
 * A response built elsewhere (a file, an event stream, next-auth's, the MCP transport's) with the API's headers
 * added: a header the response already has is kept (an attachment's `sandbox` policy is stronger than ours).
 */
export function withApiHeaders(response: Response, requestId: string = newRequestId()): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(securityHeaders())) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has("X-Request-Id")) headers.set("X-Request-Id", requestId);
  // A new Response around the same body stream: responses from fetch-like sources have immutable headers.
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
