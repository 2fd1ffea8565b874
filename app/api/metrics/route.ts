import { ApiError } from "@/lib/errors";
import { apiHandler } from "@/lib/http/api-handler";
import { notAllowed, unknownRoute } from "@/lib/http/not-allowed";
import { metricsAccess, scrapeMetrics } from "@/lib/metrics/scrape";

// GET /api/metrics: this app process's metrics in Prometheus's text format (docs/guides/operators.md "Metrics and
// logs"), for `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN the route does not exist: every method
// answers the catch-all's 404. A missing or wrong token: 401, nothing more.

export const dynamic = "force-dynamic";

const absent = unknownRoute();
const others = notAllowed("GET");

export const GET = apiHandler(async (request: Request) => {
  const access = metricsAccess(request.headers.get("authorization"));
  if (access === "absent") return absent.GET(request);
  if (access === "refused") throw new ApiError("unauthorized", "Unauthorized");
  const { contentType, body } = await scrapeMetrics();
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});

const otherwise =
  (method: "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS") =>
  (request: Request): Response =>
    metricsAccess(null) === "absent" ? absent[method](request) : others[method]();

export const POST = otherwise("POST");
export const PUT = otherwise("PUT");
export const PATCH = otherwise("PATCH");
export const DELETE = otherwise("DELETE");
export const OPTIONS = otherwise("OPTIONS");
