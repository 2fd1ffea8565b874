import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { MemoryAuthProvider } from "../../test/oauth-client";
import { demoWorld } from "../fixtures";

// Issue 21's "done": a person adds APP_URL/api/mcp to an OAuth-capable MCP client (the official SDK's client, as
// assistants use it), signs in and allows in Chromium, and the assistant lists their conversations and acts; the
// person revokes it in Settings → Access tokens and its tokens are refused at once.

const world = demoWorld();
const ana = world.people[0]!;

/** The client's loopback redirect URI: a listener that hands over each callback's query (code or error). */
async function callbackListener(): Promise<{ server: Server; url: string; next: () => Promise<URLSearchParams> }> {
  const waiting: ((q: URLSearchParams) => void)[] = [];
  const received: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const { pathname, searchParams: query } = new URL(req.url ?? "/", "http://127.0.0.1");
    if (pathname !== "/callback") return void res.writeHead(404).end(); // the browser's /favicon.ico
    const wake = waiting.shift();
    if (wake) wake(query);
    else received.push(query);
    res.setHeader("content-type", "text/plain");
    res.end("Connected: you can close this window.");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/callback`,
    next: () => {
      const ready = received.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

async function signInThere(page: Page) {
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel("Email").fill(ana.email);
  await page.getByLabel("Password").fill(ana.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

const toolText = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");

test("an assistant connects by URL alone: sign in, allow, list conversations, act; refused once revoked", async ({
  page,
  baseURL,
}) => {
  // APP_URL is http://localhost:<port> (its default): the resource the tokens are minted for.
  const app = new URL(baseURL!);
  app.hostname = "localhost";
  const mcpUrl = new URL("/api/mcp", app);
  const callback = await callbackListener();
  const clients: Client[] = [];
  try {
    // 1. The client knows the URL alone: its first request is 401, from which it discovers the authorization
    //    server, registers (Dynamic Client Registration) and builds the authorization URL (PKCE S256).
    const auth = new MemoryAuthProvider("E2E Assistant", callback.url);
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth });
    await expect(new Client({ name: "e2e", version: "1.0.0" }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(auth.client?.client_id).toBeTruthy();
    const authorizationUrl = auth.authorizationUrl!;
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");

    // 2. The person, in the browser: sign in, read the consent in Relay's words, choose, allow.
    await page.goto(authorizationUrl.href);
    await signInThere(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Allow E2E Assistant to use Relay as you?");
    await expect(page.getByText(new URL(callback.url).host, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Workspace")).toHaveValue(world.workspace.id);
    await page.getByRole("button", { name: "Allow" }).click();
    const answer = await callback.next();
    const code = answer.get("code");
    expect(code, `the callback got ${answer}`).toBeTruthy();
    await expect(page.locator("body")).toContainText("you can close this window");

    // 3. The client exchanges the code and works as Ana: tools/list, her conversations, a write tool.
    await transport.finishAuth(code!);
    expect(auth.stored?.refresh_token).toBeTruthy();
    const client = new Client({ name: "e2e", version: "1.0.0" });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: auth }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["list_conversations", "post_message"]));
    const listed = await client.callTool({ name: "list_conversations", arguments: {} });
    expect(listed.isError).toBeFalsy();
    const conversation = world.conversations[0]!;
    expect(toolText(listed)).toContain(conversation.id);
    const body = `Posted by the assistant ${Date.now()}`;
    const posted = await client.callTool({
      name: "post_message",
      arguments: { conversation_id: conversation.id, body },
    });
    expect(posted.isError, toolText(posted)).toBeFalsy();
    const read = await client.callTool({ name: "read_messages", arguments: { conversation_id: conversation.id } });
    expect(toolText(read)).toContain(body);

    // 4. A token for another resource is never minted: asking for one is invalid_target, at the client's callback.
    const elsewhere = new URL(authorizationUrl);
    elsewhere.searchParams.set("resource", "https://elsewhere.example/mcp");
    await page.goto(elsewhere.href);
    const refused = await callback.next();
    expect(refused.get("error")).toBe("invalid_target");
    expect(refused.get("code")).toBeNull();

    // 5. Settings → Access tokens lists it, used; Ana revokes it.
    await page.goto(new URL("/settings/tokens", app).href);
    const row = page.getByTestId("grant-row").filter({ hasText: "E2E Assistant" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("write");
    await expect(row).toContainText("active");
    await expect(row.getByRole("cell").nth(3)).not.toHaveText("Never");
    await row.getByRole("button", { name: "Revoke access of E2E Assistant" }).click();
    await row.getByRole("button", { name: "Revoke access" }).click();
    await expect(row).toContainText("revoked");

    // 6. At once: the access token is invalid_token, the refresh token mints nothing, the SDK client is refused.
    const withToken = await fetch(mcpUrl, {
      method: "POST",
      headers: {
        authorization: `Bearer ${auth.stored!.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(withToken.status).toBe(401);
    expect(withToken.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const refreshed = await fetch(new URL("/oauth/token", app), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: auth.stored!.refresh_token!,
        client_id: auth.client!.client_id,
      }),
    });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: "invalid_grant" });
    await expect(client.callTool({ name: "list_conversations", arguments: {} })).rejects.toThrow();
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    callback.server.close();
  }
});
