import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/api-response";

// The ceiling for bench/send-message: a route handler in the same app that does nothing but answer a constant
// JSON body. Only served when the benchmark starts the app with BENCH_ROUTES=1; otherwise it is an unknown route.
const BODY = JSON.stringify({ data: { ok: true } });
const benchRoutes = () => env().BENCH_ROUTES === "1";
const unknownRoute = (request: Request) =>
  errorResponse(new ApiError("not_found", `No route ${request.method} ${new URL(request.url).pathname}`));

export function GET(request: Request): Response {
  if (!benchRoutes()) return unknownRoute(request);
  return new Response(BODY, { headers: { "Content-Type": "application/json; charset=utf-8" } });
}

/** The same ceiling for a request with a JSON body, read in full as the API's routes read theirs. */
export async function POST(request: Request): Promise<Response> {
  if (!benchRoutes()) return unknownRoute(request);
  await request.text();
  return new Response(BODY, { status: 201, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

export { unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS };
