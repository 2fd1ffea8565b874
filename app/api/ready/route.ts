import { newRequestId, respond } from "@/lib/http/api-response";
import { notAllowed } from "@/lib/http/not-allowed";
import { checkReadiness } from "@/lib/health/readiness";

// GET /api/ready: this app process can do its work (a load balancer's readiness probe): its warm-up at start has ended,
// the database answers, every migration of this build is applied, and a job worker beat within a minute
// (lib/health/readiness.ts). 200 {status: "ready", checks} or 503 {status: "not_ready", failed, checks};
// unauthenticated, two small statements.

export const dynamic = "force-dynamic";

export const GET = async () => {
  const { ready, checks } = await checkReadiness();
  const failed = checks.find((check) => !check.ok)?.name;
  const body = ready ? { status: "ready", checks } : { status: "not_ready", failed, checks };
  return respond(ready ? 200 : 503, { body, headers: { "Cache-Control": "no-store" }, requestId: newRequestId() });
};

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
