import { buildOpenApiDocument } from "@/app/api/public/v1/openapi-document";
import { apiHandler } from "@/lib/http/api-handler";
import { notAllowed } from "@/lib/http/not-allowed";
import { CORP_PUBLIC } from "@/lib/http/security-headers";
import { env } from "@/lib/env";

// The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. Public: no key needed. Its
// `servers` URL is absolute, from the configured APP_URL (never the request's Host, which the caller chooses): built
// once per APP_URL.
const cached = new Map<string, string>();

export const GET = apiHandler(() => {
  const appUrl = env().APP_URL;
  let document = cached.get(appUrl);
  if (document === undefined) {
    document = JSON.stringify(buildOpenApiDocument(appUrl));
    cached.set(appUrl, document);
  }
  return new Response(document, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      // Public, for any origin's tools (lib/http/security-headers.ts): not the private answers' same-origin.
      "Cross-Origin-Resource-Policy": CORP_PUBLIC,
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
