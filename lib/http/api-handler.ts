import { ApiError } from "@/lib/errors";
import { log, withRequestId } from "@/lib/log";
import { observeRequest } from "@/lib/metrics/registry";
import { errorResponse, newRequestId, withApiHeaders } from "./api-response";

type Handler<R extends Request, C> = (request: R, context: C) => Response | Promise<Response>;

/**
 * A route handler whose every answer carries the API's headers, and whose unexpected failure is the documented JSON
 * 500 with a request id (logged with it) instead of Next's bare one. Every line logged while it runs carries the
 * request id (lib/log.ts). `route`: the route's template (`/api/chat/conversations/[id]/stream`), under which its
 * answers are timed (relay_http_request_duration_seconds); without one, they are not.
 */
export function apiHandler<R extends Request, C>(
  handler: Handler<R, C>,
  options: { route?: string } = {},
): (request: R, context: C) => Promise<Response> {
  return (request, context) => {
    const requestId = newRequestId();
    const startedAt = performance.now();
    return withRequestId(requestId, async () => {
      const response = await answer(handler, request, context, requestId);
      if (options.route)
        observeRequest({ method: request.method, route: options.route, status: response.status, startedAt });
      return response;
    });
  };
}

async function answer<R extends Request, C>(handler: Handler<R, C>, request: R, context: C, requestId: string) {
  try {
    return withApiHeaders(await handler(request, context), requestId);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, requestId);
    log().error({ err: error }, "unexpected failure");
    return errorResponse(
      new ApiError("internal_error", "Something went wrong on our side; it is safe to retry"),
      requestId,
    );
  }
}
