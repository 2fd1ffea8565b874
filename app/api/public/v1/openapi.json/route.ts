import { buildOpenApiDocument } from "@/lib/openapi/document";
import { apiHandler } from "@/lib/http/api-handler";
import { notAllowed } from "@/lib/http/not-allowed";

// The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. Public: no key needed.
let cached: string | null = null;

export const GET = apiHandler(() => {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return new Response(cached, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
