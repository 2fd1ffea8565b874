import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { authorizationQuery, startOAuthHttp, REDIRECT_URI, type AppHttp } from "@/test/oauth";
import { PostgresAdapter } from "./adapter";

// Issue 31, finding 4: the redirect URIs a client registers, over HTTP. Dynamic Client Registration refuses plain http
// to a host other than loopback, a user name or password, a fragment and the schemes a browser runs itself with
// RFC 7591's `invalid_redirect_uri` (JSON, saying why), and stores nothing; a Client ID Metadata Document that lists
// one is refused as clearly at the authorization endpoint (never a 500, never a redirect to it). The documents are
// served by a stand-in for the fetch (cimd.int.test.ts tests the real one, which fetches from public addresses only).

const documents = new Map<string, Record<string, unknown>>();
vi.mock("./fetch-metadata-document", () => ({
  METADATA_DOCUMENT_TIMEOUT_MS: 2500,
  metadataDocumentFetchAllowed: async () => true,
  fetchMetadataDocument: async (target: string | URL) => {
    const document = documents.get(String(target));
    return document
      ? new Response(JSON.stringify(document), { headers: { "content-type": "application/json" } })
      : new Response(null, { status: 404 });
  },
}));

let app: AppHttp;

beforeAll(async () => {
  app = await startOAuthHttp();
});

afterAll(async () => {
  await app?.close();
});

let address = 0;
/** A registration from an address of its own (the endpoint's rate limit counts per address). */
const register = (redirect_uris: unknown, more: Record<string, unknown> = {}) =>
  fetch(`${app.origin}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.18.31.${++address}` },
    body: JSON.stringify({ client_name: "Redirects", redirect_uris, token_endpoint_auth_method: "none", ...more }),
  });

const clients = () => db().oAuthProviderRecord.count({ where: { model: "Client" } });

const authorize = (clientId: string, redirectUri: string) =>
  fetch(`${app.origin}/oauth/authorize?${authorizationQuery(clientId, redirectUri)}`, { redirect: "manual" });

const REFUSED: [string, RegExp][] = [
  ["http://client.example/callback", /https, or http on a loopback host/],
  ["http://192.0.2.7:8080/callback", /https, or http on a loopback host/],
  ["https://user:password@client.example/callback", /user name or password/],
  ["http://user:password@127.0.0.1:53682/callback", /user name or password/],
  ["https://client.example/callback#fragment", /fragments/],
  ["javascript:alert(document.cookie)", /javascript: scheme/],
  ["data:text/html,<script>alert(1)</script>", /data: scheme/],
  ["file:///etc/passwd", /file: scheme/],
];

describe("Dynamic Client Registration", () => {
  it.each(REFUSED)("refuses %s with invalid_redirect_uri, saying why, and stores no client", async (uri, why) => {
    const before = await clients();
    for (const redirectUris of [[uri], [REDIRECT_URI, uri]]) {
      const res = await register(redirectUris);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(body).toEqual({ error: "invalid_redirect_uri", error_description: expect.stringMatching(why) });
      expect(body.error_description).toMatch(/^redirect_uris /);
    }
    // As a native app too: the library's own rule for those would let some of them through.
    const native = await register([uri], { application_type: "native" });
    expect(native.status).toBe(400);
    expect((await native.json()).error).toBe("invalid_redirect_uri");
    expect(await clients()).toBe(before);
  });

  it("registers https anywhere, http on loopback, and an app's private-use scheme (as a native app)", async () => {
    for (const [uris, type] of [
      [["https://client.example/callback"], "web"],
      [["http://localhost:3118/callback", "http://127.0.0.1:33418/", "http://[::1]:9/cb"], "web"],
      [["http://127.0.0.1:33418/", "https://vscode.dev/redirect"], "native"],
      [["cursor://anysphere.cursor-mcp/oauth/callback"], "native"],
      [["com.example.app:/oauth2redirect"], "native"],
    ] as const) {
      const res = await register(
        uris,
        type === "native" && uris[0].startsWith("http") ? { application_type: type } : {},
      );
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({ redirect_uris: uris, application_type: type });
    }
  });

  it("a client that calls itself a web client but names an app's scheme is registered as the native app it is", async () => {
    const res = await register(["cursor://anysphere.cursor-mcp/oauth/callback"], { application_type: "web" });
    expect(res.status).toBe(201);
    expect((await res.json()).application_type).toBe("native");
  });

  it("a client stored before the rule, with a refused redirect URI, is refused at authorization (JSON, no redirect)", async () => {
    await new PostgresAdapter("Client").upsert("legacy-http-client", {
      client_id: "legacy-http-client",
      client_name: "Legacy",
      redirect_uris: ["http://client.example/callback"],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
    const res = await authorize("legacy-http-client", "http://client.example/callback");
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(body).toMatchObject({ error: "invalid_redirect_uri", error_description: expect.stringMatching(/loopback/) });
  });
});

describe("Client ID Metadata Documents", () => {
  const document = (clientId: string, redirectUris: string[]) => {
    documents.set(clientId, {
      client_id: clientId,
      client_name: "Document client",
      redirect_uris: redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
    return clientId;
  };

  it.each(REFUSED)(
    "listing %s is refused at the authorization endpoint: a JSON error, no redirect",
    async (uri, why) => {
      const clientId = document(`https://client.example/refused/${encodeURIComponent(uri)}.json`, [uri]);
      const res = await authorize(clientId, uri);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(body).toMatchObject({ error: "invalid_redirect_uri", error_description: expect.stringMatching(why) });
    },
  );

  it("listing https, loopback and an app's scheme is served: the authorization goes on to consent", async () => {
    for (const uri of [
      "https://client.example/callback",
      "http://127.0.0.1:53682/callback",
      "cursor://anysphere.cursor-mcp/oauth/callback",
    ]) {
      const clientId = document(`https://client.example/allowed/${encodeURIComponent(uri)}.json`, [uri]);
      const res = await authorize(clientId, uri);
      expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(300);
      expect(res.headers.get("location")).toMatch(/^\/oauth\/consent\/[^/]+$/);
    }
  });
});
