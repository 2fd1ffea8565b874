import { expect, request as playwrightRequest, test, type APIResponse } from "@playwright/test";
import { demoWorld, idem } from "../fixtures";

// Every API answer over HTTP on the built server carries X-Request-Id and the API's security headers, whichever
// door it leaves by: a bot route, an error, Next's own methods (HEAD, OPTIONS), a wrong method, a body too large, the
// OpenAPI document, the chat's routes, MCP, next-auth. Malformed paths are a 404 (JSON on the API, the not-found
// page elsewhere), never a bare 500. Policy: lib/http/security-headers.ts, docs/decisions/017-security-headers.md.

const world = demoWorld();
const key = world.bots[0]!.api_key;
const conversation = world.conversations[1]!.id;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function expectApiHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-request-id"], `${what}: X-Request-Id`).toMatch(UUID);
  expect(headers, what).toMatchObject({
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
  });
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers, `${what}: no HSTS over http`).not.toHaveProperty("strict-transport-security");
}

/** A JSON error whose request_id is the header's. */
async function expectJsonError(response: APIResponse, status: number, code: string, what: string) {
  expect(response.status(), what).toBe(status);
  expectApiHeaders(response, what);
  expect(response.headers()["content-type"], what).toContain("application/json");
  const body = await response.json();
  expect(body.error.code, what).toBe(code);
  expect(body.error.request_id, what).toBe(response.headers()["x-request-id"]);
}

test("bot routes: 200, 201, 401, 404, 405, 413 and the unknown route", async ({ request }) => {
  const auth = { authorization: `Bearer ${key}` };
  const me = await request.get("/api/public/v1/me", { headers: auth });
  expect(me.status()).toBe(200);
  expectApiHeaders(me, "GET /me");

  const sent = await request.post(`/api/public/v1/conversations/${conversation}/messages`, {
    headers: { ...auth, "idempotency-key": idem() },
    data: { body: "Headers check" },
  });
  expect(sent.status()).toBe(201);
  expectApiHeaders(sent, "POST messages");

  await expectJsonError(await request.get("/api/public/v1/me"), 401, "unauthorized", "401");
  await expectJsonError(
    await request.get("/api/public/v1/conversations/not-a-uuid/messages", { headers: auth }),
    404,
    "not_found",
    "404 id",
  );
  await expectJsonError(await request.get("/api/public/v1/no/such/route"), 404, "not_found", "unknown route");
  const wrong = await request.delete("/api/public/v1/me", { headers: auth });
  await expectJsonError(wrong, 405, "method_not_allowed", "405");
  expect(wrong.headers().allow).toBe("GET, HEAD, OPTIONS");
  await expectJsonError(
    await request.post(`/api/public/v1/conversations/${conversation}/messages`, {
      headers: { ...auth, "idempotency-key": idem(), "content-type": "application/json" },
      data: Buffer.from(JSON.stringify({ body: "x".repeat(300_000) })),
    }),
    413,
    "payload_too_large",
    "413",
  );
});

test("OPTIONS and HEAD are answered by our routes, not by Next, on every kind of API route", async ({ request }) => {
  for (const [path, allow] of [
    ["/api/public/v1/me", "GET, HEAD, OPTIONS"],
    [`/api/public/v1/conversations/${conversation}/messages`, "GET, POST, HEAD, OPTIONS"],
    ["/api/public/v1/openapi.json", "GET, HEAD, OPTIONS"],
    ["/api/mcp", "POST, OPTIONS"],
    ["/api/auth/session", "GET, POST, HEAD, OPTIONS"],
    [`/api/chat/conversations/${conversation}/attachments`, "POST, OPTIONS"],
    [`/api/chat/conversations/${conversation}/stream`, "GET, HEAD, OPTIONS"],
    ["/api/attachments/signed/x.1.y", "GET, HEAD, OPTIONS"],
  ] as const) {
    const options = await request.fetch(path, { method: "OPTIONS" });
    expect(options.status(), `OPTIONS ${path}`).toBe(204);
    expect(options.headers().allow, `OPTIONS ${path}`).toBe(allow);
    expectApiHeaders(options, `OPTIONS ${path}`);
  }
  const head = await request.head("/api/public/v1/openapi.json");
  expect(head.status()).toBe(200);
  expectApiHeaders(head, "HEAD openapi.json");
  await expectJsonError(await request.fetch("/api/public/v1/nothing", { method: "OPTIONS" }), 404, "not_found", "OPTIONS unknown");
});

test("the OpenAPI document, the chat's routes, MCP and next-auth carry the headers too", async ({ request }) => {
  const openapi = await request.get("/api/public/v1/openapi.json");
  expect(openapi.status()).toBe(200);
  expectApiHeaders(openapi, "openapi.json");
  expect(openapi.headers()["access-control-allow-origin"]).toBe("*");
  await expectJsonError(await request.post("/api/public/v1/openapi.json"), 405, "method_not_allowed", "POST openapi.json");

  await expectJsonError(
    await request.get(`/api/chat/conversations/${conversation}/stream`),
    401,
    "unauthorized",
    "chat stream, signed out",
  );
  await expectJsonError(
    await request.get(`/api/chat/workspaces/${world.workspace.id}/stream`),
    401,
    "unauthorized",
    "workspace stream, signed out",
  );
  await expectJsonError(await request.get("/api/chat/attachments/x"), 401, "unauthorized", "attachment, signed out");
  await expectJsonError(
    await request.put(`/api/chat/conversations/${conversation}/attachments`),
    405,
    "method_not_allowed",
    "PUT upload",
  );
  await expectJsonError(await request.get("/api/attachments/signed/x.1.y"), 403, "forbidden", "altered signed link");

  const mcp = await request.post("/api/mcp", { data: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
  expect(mcp.status()).toBe(401);
  expectApiHeaders(mcp, "MCP 401");
  expectApiHeaders(await request.get("/api/mcp"), "MCP GET 405");

  // next-auth's cookies (several Set-Cookie headers) survive the headers being added (a fresh client has none yet).
  const fresh = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const session = await fresh.get("/api/auth/session");
  expect(session.status()).toBe(200);
  expectApiHeaders(session, "next-auth session");
  const cookies = session.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
  expect(cookies.some((c) => c.startsWith("next-auth.csrf-token="))).toBe(true);
  expect(cookies.some((c) => c.startsWith("next-auth.callback-url="))).toBe(true);
  expectApiHeaders(await fresh.get("/api/auth/csrf"), "next-auth csrf");
  await fresh.dispose();

  await expectJsonError(await request.get("/api/nothing/here"), 404, "not_found", "unknown /api path");
  await expectJsonError(await request.get("/api"), 404, "not_found", "/api");
});

test("a path that is not valid percent-encoded UTF-8 is a 404, never a bare 500", async ({ request }) => {
  const auth = { authorization: `Bearer ${key}` };
  for (const bad of ["%ff", "%", "%zz", "%c3%28", "%e2%82"]) {
    for (const path of [
      `/api/public/v1/conversations/${bad}/messages`,
      `/api/public/v1/me/${bad}`,
      `/api/public/v1/messages/${bad}`,
      `/api/chat/conversations/${bad}/stream`,
      `/api/auth/${bad}`,
    ]) {
      await expectJsonError(await request.get(path, { headers: auth }), 404, "not_found", `GET ${path}`);
    }
    await expectJsonError(
      await request.post(`/api/public/v1/conversations/${bad}/messages`, {
        headers: { ...auth, "idempotency-key": idem() },
        data: { body: "hello" },
      }),
      404,
      "not_found",
      `POST ${bad}`,
    );
    for (const path of [`/chat/${bad}`, `/chat/${world.workspace.slug}/c/${bad}`, `/developers/bots/${bad}`]) {
      const page = await request.get(path, { maxRedirects: 0 });
      expect(page.status(), path).toBe(404);
      expect(page.headers()["content-type"], path).toContain("text/html");
      expect(page.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(await page.text(), path).toContain("Page not found");
    }
  }
  // A NUL is valid percent-encoding: an id that is not a uuid, 404 as any other.
  await expectJsonError(
    await request.get("/api/public/v1/conversations/%00/messages", { headers: auth }),
    404,
    "not_found",
    "%00",
  );
  expect((await request.get(`/chat/${world.workspace.slug}/c/%00`, { maxRedirects: 0 })).status()).not.toBe(500);
});
