import { newRequestId, respond } from "@/lib/http/api-response";
import { notAllowed } from "@/lib/http/not-allowed";

// GET /api/health: the process is alive and serves requests (a load balancer's liveness probe). No database, no
// session, nothing read: 200 {status: "ok"} with the API's headers. Readiness is GET /api/ready.

export const dynamic = "force-dynamic";

export const GET = () =>
  respond(200, { body: { status: "ok" }, headers: { "Cache-Control": "no-store" }, requestId: newRequestId() });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
