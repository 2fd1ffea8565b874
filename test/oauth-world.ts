import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect } from "vitest";
import type { SignedInPerson } from "@/lib/auth/session";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { Browser } from "./browser";
import { MemoryAuthProvider, REDIRECT_URI, signedIn, startOAuthHttp, type AppHttp } from "./oauth";

// What the integration tests of MCP's OAuth authorization over real HTTP share (lib/oauth/flow.int.test.ts,
// lib/oauth/endpoints.int.test.ts): the authorization server and the MCP endpoint served on a port of their own, a
// seeded workspace whose admin Ana is the signed-in person, and the steps of a flow (consent in a browser, the SDK
// client's whole flow, a token request, an MCP request with a token). A test file mocks @/lib/auth/session with
// `session` and calls oauthWorld() once: its beforeAll serves and seeds in the file's own database (under a second),
// its afterAll closes the clients and the server. `app` and `world` are set by that beforeAll: read them in tests.

/** The signed-in person, as the test file's mock of @/lib/auth/session answers (Ana; null: signed out). */
export const session: { person: SignedInPerson | null } = { person: null };

export let app: AppHttp;
export let world: SeededWorld;
const clients: Client[] = [];

export const ana = () => world.people[0]!;
export const mcpUrl = () => `${app.origin}/api/mcp`;

export function oauthWorld(): void {
  beforeAll(async () => {
    app = await startOAuthHttp();
    world = await seedWorld();
    session.person = signedIn(ana());
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    await app?.close();
  });
}

/** Consent as the signed-in person: the browser follows the authorization URL to the consent page, then answers. */
export async function consent(
  browser: Browser,
  authorizationUrl: string,
  answer: Record<string, string> = { decision: "allow", workspace: "", write: "on" },
): Promise<URL> {
  const atPage = await browser.follow(authorizationUrl, app.origin);
  const uid = /^\/oauth\/consent\/([^/]+)$/.exec(atPage.url.pathname)?.[1];
  expect(uid, `landed on ${atPage.url.href}`).toBeTruthy();
  const form = { ...answer, workspace: answer.workspace || world.workspace.id };
  const back = await browser.follow(`${app.origin}/oauth/consent/${uid}/decision`, app.origin, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  expect(
    back.response,
    `the browser ends at the client's redirect URI, not ${back.url.href} ${back.response?.status} ${await back.response?.clone().text()}`,
  ).toBeNull();
  return back.url;
}

/** The SDK client's whole flow: 401 → metadata → registration → authorize (PKCE) → consent → token → connected. */
export async function connectWithOAuth(auth: MemoryAuthProvider, answer?: Record<string, string>) {
  const first = new Client({ name: "oauth-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: auth });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(auth.authorizationUrl).toBeDefined();
  const back = await consent(new Browser(), auth.authorizationUrl!.href, answer);
  expect(back.origin + back.pathname).toBe(REDIRECT_URI);
  const code = back.searchParams.get("code");
  if (!code) return { error: Object.fromEntries(back.searchParams) };
  await transport.finishAuth(code);
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: auth }));
  clients.push(client);
  return { client };
}

export const form = (body: Record<string, string>) =>
  fetch(`${app.origin}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  });
export const mcpPost = (token: string) =>
  fetch(mcpUrl(), {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
