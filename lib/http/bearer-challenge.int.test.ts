import { describe, expect, it } from "vitest";
import { botRouteHandlers } from "@/app/api/public/v1/openapi-document";
import { buildOpenApiDocument } from "@/app/api/public/v1/openapi-document";

// RFC 6750 section 3: every 401 of the bot API carries `WWW-Authenticate: Bearer realm="relay"`, with
// `error="invalid_token"` when a credential was presented and refused (none when nothing was sent). Every route of
// the document is called, and the document says so on every 401.

const request = (path: string, method: string, authorization?: string) =>
  new Request(`http://relay.test/api/public/v1${path.replace("{id}", "00000000-0000-4000-8000-000000000000")}`, {
    method: method.toUpperCase(),
    headers: authorization === undefined ? {} : { authorization },
  });

const context = { params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000" }) };

describe("401 on the bot API", () => {
  const handlers = botRouteHandlers();

  it("is every route's, with the challenge and no error when no credential was sent", async () => {
    expect(handlers.length).toBe(18); // every operation of the document, the event stream and trigger (issue 35) included
    for (const handler of handlers) {
      const { path, method } = handler.route.operation;
      const response = await handler(request(path, method), context);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get("www-authenticate"), `${method} ${path}`).toBe('Bearer realm="relay"');
    }
  });

  it("says invalid_token when a key, or any other credential, was presented and refused", async () => {
    for (const authorization of [
      "Bearer amk_0000000000000000000000000000000000000A",
      "Bearer not-a-key",
      "Basic dXNlcjpwYXNz",
    ]) {
      const handler = handlers[0]!;
      const { path, method } = handler.route.operation;
      const response = await handler(request(path, method, authorization), context);
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate"), authorization).toMatch(
        /^Bearer realm="relay", error="invalid_token", error_description="[^"]+"$/,
      );
    }
  });

  it("is documented with its header on every operation", () => {
    const doc = buildOpenApiDocument("https://relay.example") as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods))
        expect(operation.responses["401"]?.headers, `${method} ${path}`).toHaveProperty("WWW-Authenticate");
  });
});
