import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as openapi from "@/app/api/public/v1/openapi.json/route";
import type { SignedInPerson } from "@/lib/auth/session";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { Browser } from "@/test/browser";
import { authorizationQuery, endpointsAt, startOAuthHttp, REDIRECT_URI, type AppHttp } from "@/test/oauth";

// Issue 31, finding 5: every URL Relay gives out comes from APP_URL, never from the request. A client chooses its
// Host header (and a proxy may pass on X-Forwarded-Host and X-Forwarded-Proto unchecked): a metadata document whose
// endpoints followed it would send an MCP client's credentials, and a person's browser, wherever the header named.
// Requests go over HTTP as Next serves them (the route's Request URL is built from the Host header, as Next's is).

const session: { person: SignedInPerson | null } = { person: null };
vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));

const SPOOFED = "evil.example";
const HOSTILE = { host: SPOOFED, "x-forwarded-host": SPOOFED, "x-forwarded-proto": "https" };

let app: AppHttp;
let world: SeededWorld;

beforeAll(async () => {
  app = await startOAuthHttp();
  world = await seedWorld();
  const ana = world.people[0]!;
  session.person = { id: ana.id, email: ana.email, name: ana.name, handle: ana.handle };
});

afterAll(async () => {
  await app?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request with the hostile headers (fetch cannot send its own Host): node:http to the test server. */
function hostile(method: string, path: string, body?: { type: string; text: string }): Promise<Answer> {
  const { port } = new URL(app.origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { ...HOSTILE, ...(body ? { "content-type": body.type, "x-forwarded-for": "198.18.31.200" } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body?.text);
  });
}

/** Every absolute http(s) URL in a text (a JSON document, a header). */
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>,]+/g)].map((m) => m[0]);

describe("with Host and X-Forwarded-Host naming another site", () => {
  it.each([
    "/.well-known/oauth-authorization-server",
    "/.well-known/openid-configuration",
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/api/mcp",
  ])("%s gives every URL on APP_URL's origin", async (path) => {
    const answer = await hostile("GET", path);
    expect(answer.status).toBe(200);
    const urls = urlsIn(answer.text);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(new URL(url).origin, url).toBe(app.origin);
    expect(answer.text).not.toContain(SPOOFED);
  });

  it("the authorization server's endpoints are APP_URL's, as its issuer is", async () => {
    const metadata = JSON.parse((await hostile("GET", "/.well-known/oauth-authorization-server")).text);
    expect(metadata).toMatchObject({ ...endpointsAt(app.origin), jwks_uri: `${app.origin}/oauth/jwks` });
  });

  it("the MCP server's 401 names APP_URL's protected resource metadata", async () => {
    const answer = await hostile("POST", "/api/mcp", {
      type: "application/json",
      text: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toContain(
      `resource_metadata="${app.origin}/.well-known/oauth-protected-resource/api/mcp"`,
    );
  });

  it("a registration's answer names no URL on the spoofed host", async () => {
    const answer = await hostile("POST", "/oauth/register", {
      type: "application/json",
      text: JSON.stringify({
        client_name: "Hosted",
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: "none",
      }),
    });
    expect(answer.status).toBe(201);
    expect(answer.text).not.toContain(SPOOFED);
  });

  it("an authorization started under the spoofed host comes back from consent to APP_URL's authorization endpoint", async () => {
    const registered = await fetch(`${app.origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.18.31.201" },
      body: JSON.stringify({
        client_name: "Hosted",
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: "none",
      }),
    });
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const query = authorizationQuery(clientId);
    const started = await hostile("GET", `/oauth/authorize?${query}`);
    const consentPath = started.headers.location ?? "";
    expect(consentPath, started.text).toMatch(/^\/oauth\/consent\/[^/]+$/);
    expect(started.text).not.toContain(SPOOFED);
    // The person's browser (with the cookies the authorization set) answers the consent page.
    const browser = new Browser();
    for (const cookie of started.headers["set-cookie"] ?? []) {
      const [pair] = cookie.split(";");
      const i = pair!.indexOf("=");
      browser.jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const decided = await fetch(`${app.origin}${consentPath}/decision`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: browser.cookie() },
      body: new URLSearchParams({ decision: "allow", workspace: world.workspace.id }).toString(),
      redirect: "manual",
    });
    const page = await decided.text();
    expect(decided.status, page).toBe(200);
    const next = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(page)?.[1] ?? "";
    expect(next).toMatch(new RegExp(`^${app.origin}/oauth/authorize/[^/]+$`));
    expect(page).not.toContain(SPOOFED);
  });

  it("the OpenAPI document's server is APP_URL's", async () => {
    const response = await openapi.GET(
      new Request(`http://${SPOOFED}/api/public/v1/openapi.json`, { headers: HOSTILE }),
      { params: Promise.resolve({}) },
    );
    const document = (await response.json()) as { servers: { url: string }[] };
    expect(document.servers).toEqual([expect.objectContaining({ url: `${app.origin}/api/public/v1` })]);
  });
});
