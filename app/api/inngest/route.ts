import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { env } from "@/lib/env";
import { withApiHeaders } from "@/lib/http/api-response";
import { notAllowed, unknownRoute } from "@/lib/http/not-allowed";

// Inngest's door (JOBS_ENGINE=inngest; docs/decisions/027-jobs-engine-inngest.md): its introspection (GET), sync (PUT)
// and function runs (POST), served by the SDK's serve() for Next. The SDK refuses every call not signed with
// INNGEST_SIGNING_KEY (or its fallback) with 401, introspection included. With JOBS_ENGINE=graphile nothing is served
// here: the JSON 404 of any unknown path (no unused door).

type Handler = ReturnType<typeof serve>;
let handler: Promise<Handler> | undefined;

async function inngestHandler(): Promise<Handler | null> {
  if (env().JOBS_ENGINE !== "inngest") return null;
  handler ??= (async () => {
    const [{ inngest }, { inngestFunctions }] = await Promise.all([import("@/inngest/client"), import("@/inngest/functions")]);
    return serve({ client: inngest(), functions: await inngestFunctions() });
  })();
  return handler;
}

const unknown = unknownRoute();
const refused = notAllowed("GET", "POST", "PUT");

const served =
  (method: "GET" | "POST" | "PUT") =>
  async (request: NextRequest, context: unknown): Promise<Response> => {
    const serving = await inngestHandler();
    if (!serving) return unknown[method](request);
    return withApiHeaders(await serving[method](request, context));
  };

const other =
  (method: "PATCH" | "DELETE" | "OPTIONS") =>
  async (request: Request): Promise<Response> =>
    (await inngestHandler()) ? refused[method]() : unknown[method](request);

export const GET = served("GET");
export const POST = served("POST");
export const PUT = served("PUT");
export const PATCH = other("PATCH");
export const DELETE = other("DELETE");
export const OPTIONS = other("OPTIONS");
