import { buildOpenApiDocument } from "@/lib/openapi/document";

// The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. Public: no key needed.
let cached: string | null = null;

export function GET(): Response {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return new Response(cached, { headers: { "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*" } });
}
