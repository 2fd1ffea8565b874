import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { seedWorld } from "@/lib/seed/seed-world";
import { call } from "@/test/mcp";
import { Browser } from "@/test/browser";
import { endpointsAt, MemoryAuthProvider } from "@/test/oauth";
import {
  ana,
  app,
  connectWithOAuth,
  consent,
  form,
  mcpPost,
  mcpUrl,
  oauthWorld,
  session,
  world,
} from "@/test/oauth-world";
import { beginTotpEnrolment, confirmTotpEnrolment } from "@/lib/factors/authenticator";
import { setSecondFactorPolicy } from "@/lib/factors/enforcement";
import { totpCodeAt } from "@/lib/factors/totp";
import { person, systemActor } from "@/lib/people/actor";
import { inBrowser } from "@/test/step-up";
import { consentProblem } from "./consent-form";
import { listOAuthGrants } from "./list-grants";
import { revokeOAuthGrant } from "./revoke-grant";
import { mcpResource, oauthProvider } from "./provider";

// MCP's OAuth 2.1 authorization (issue 21) over real HTTP, with the official SDK's client: discovery from the 401,
// Dynamic Client Registration, PKCE, consent (the decision route, as the signed-in person, and its answers to bad
// input), token, tools/list, a write tool; then refusals after revocation and of a token for another resource, and
// the provider's own session. Bad input at the authorization and token endpoints: endpoints.int.test.ts.

vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));

oauthWorld();

describe("discovery", () => {
  it("a 401 names the protected resource metadata, which names Relay as the authorization server", async () => {
    const res = await fetch(mcpUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    const prmUrl = `${app.origin}/.well-known/oauth-protected-resource/api/mcp`;
    expect(res.headers.get("www-authenticate")).toContain(`resource_metadata="${prmUrl}"`);
    for (const url of [prmUrl, `${app.origin}/.well-known/oauth-protected-resource`]) {
      expect(await (await fetch(url)).json()).toEqual(
        expect.objectContaining({
          resource: mcpUrl(),
          authorization_servers: [app.origin],
          scopes_supported: ["read", "write"],
          bearer_methods_supported: ["header"],
        }),
      );
    }
    expect((await fetch(`${app.origin}/.well-known/oauth-protected-resource/elsewhere`)).status).toBe(404);
    const metadata = await (await fetch(`${app.origin}/.well-known/oauth-authorization-server`)).json();
    expect(metadata).toMatchObject({
      ...endpointsAt(app.origin),
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
    });
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(["read", "write"]));
  });
});

describe("the SDK client's whole flow", () => {
  it("registers, authorizes with PKCE, is allowed, lists tools and calls a write tool as the person, audited with its name", async () => {
    const auth = new MemoryAuthProvider("Flow Assistant");
    const { client } = await connectWithOAuth(auth);
    expect(auth.client?.client_id).toBeTruthy();
    expect(auth.stored?.refresh_token).toBeTruthy();
    expect(auth.stored?.expires_in).toBeLessThanOrEqual(3600);
    const tools = (await client!.listTools()).tools.map((t) => t.name);
    expect(tools).toContain("take_over_conversation");
    const me = await call(client!, "whoami");
    expect(me.isError).toBe(false);
    expect(JSON.stringify(me.data)).toContain(world.workspace.slug);
    const conversationId = world.conversations[0]!.id;
    const taken = await call(client!, "take_over_conversation", { conversation_id: conversationId });
    expect(taken.isError, taken.text).toBe(false);
    const event = await db().auditEvent.findFirstOrThrow({
      where: { subjectId: conversationId, actorId: ana().id },
      orderBy: { createdAt: "desc" },
    });
    expect(event.via).toBe("mcp");
    expect(event.data).toMatchObject({ client: "Flow Assistant" });
    const grant = await db().oAuthGrant.findFirstOrThrow({ where: { clientName: "Flow Assistant" } });
    expect(grant).toMatchObject({
      userId: ana().id,
      workspaceId: world.workspace.id,
      scopes: ["read", "write"],
      redirectHost: "127.0.0.1:53682",
      revokedAt: null,
    });
    expect(grant.lastUsedAt).not.toBeNull();
  });

  it("a read-only grant: read tools work, a write tool is insufficient_scope naming the scope", async () => {
    const auth = new MemoryAuthProvider("Reader");
    const { client } = await connectWithOAuth(auth, { decision: "allow", workspace: "" }); // write unticked
    expect(auth.stored?.scope?.split(" ")).not.toContain("write");
    expect((await call(client!, "whoami")).isError).toBe(false);
    const refused = await call(client!, "take_over_conversation", { conversation_id: world.conversations[0]!.id });
    expect(refused.isError).toBe(true);
    expect(refused.error?.code).toBe("insufficient_scope");
    expect(refused.error?.message).toContain("write scope");
  });

  it("Deny sends the client access_denied and no code", async () => {
    const { error } = await connectWithOAuth(new MemoryAuthProvider("Denied"), { decision: "deny" });
    expect(error).toMatchObject({ error: "access_denied" });
  });

  it("a workspace the person is not in is refused at consent (back to the page, as any workspace not theirs) and grants nothing", async () => {
    const auth = new MemoryAuthProvider("Elsewhere");
    const first = new Client({ name: "oauth-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: auth });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const browser = new Browser();
    const atPage = await browser.follow(auth.authorizationUrl!.href, app.origin);
    const other = await seedWorld();
    const res = await browser.follow(`${app.origin}${atPage.url.pathname}/decision`, app.origin, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision: "allow", workspace: other.workspace.id }).toString(),
    });
    expect(res.url.pathname + res.url.search).toBe(`${atPage.url.pathname}?problem=workspace`);
    expect(await db().oAuthGrant.count({ where: { clientName: "Elsewhere" } })).toBe(0);
  });
});

describe("the consent decision on bad input: back to a page of Relay's that says why, never JSON, never a 500", () => {
  const decide = (path: string, body: BodyInit | null, headers: Record<string, string> = {}, browser = new Browser()) =>
    fetch(`${app.origin}${path}/decision`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: browser.cookie(), ...headers },
      body,
      redirect: "manual",
    });
  /** A live consent request in a browser: its page's path and the browser (its interaction cookie). */
  const live = async (name: string) => {
    const auth = new MemoryAuthProvider(name);
    const first = new Client({ name: "oauth-test", version: "1.0.0" });
    await expect(
      first.connect(new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: auth })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const browser = new Browser();
    const atPage = await browser.follow(auth.authorizationUrl!.href, app.origin);
    expect(atPage.url.pathname).toMatch(/^\/oauth\/consent\/[^/]+$/);
    return { path: atPage.url.pathname, browser };
  };
  const expectBack = (res: Response, location: string) => {
    expect(res.status, res.headers.get("content-type") ?? "").toBe(303);
    expect(res.headers.get("location")).toBe(`${app.origin}${location}`);
    expect(res.headers.get("content-type") ?? "").not.toContain("json");
  };
  const grantsOf = (name: string) => db().oAuthGrant.count({ where: { clientName: name } });

  it("bad forms, a workspace not the person's, another site's page: the consent page with a reason, nothing recorded; then a good answer still works", async () => {
    const { path, browser } = await live("Fumbled");
    const other = await seedWorld();
    const cases: [BodyInit | null, Record<string, string>, string][] = [
      ["", {}, "form"],
      [new URLSearchParams({ decision: "maybe" }).toString(), {}, "form"],
      [new URLSearchParams({ decision: "allow" }).toString(), {}, "form"],
      [
        JSON.stringify({ decision: "allow", workspace: world.workspace.id }),
        { "content-type": "application/json" },
        "form",
      ],
      ["%%%&&&=\u0000", { "content-type": "multipart/form-data; boundary=x" }, "form"],
      [new URLSearchParams({ decision: "allow", workspace: "not-a-uuid" }).toString(), {}, "workspace"],
      [new URLSearchParams({ decision: "allow", workspace: other.workspace.id }).toString(), {}, "workspace"],
      [
        new URLSearchParams({ decision: "allow", workspace: world.workspace.id, write: "on" }).toString(),
        { origin: "https://evil.example" },
        "cross_site",
      ],
      [
        new URLSearchParams({ decision: "allow", workspace: world.workspace.id }).toString(),
        { "sec-fetch-site": "cross-site" },
        "cross_site",
      ],
    ];
    for (const [body, headers, problem] of cases) {
      const res = await decide(path, body, headers, browser);
      expectBack(res, `${path}?problem=${problem}`);
      expect(consentProblem(problem)).toBeTruthy();
    }
    expect(await grantsOf("Fumbled")).toBe(0);
    // The request is still live: the person answers it properly.
    const done = await browser.follow(`${app.origin}${path}/decision`, app.origin, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision: "allow", workspace: world.workspace.id }).toString(),
    });
    expect(done.response).toBeNull();
    expect(done.url.searchParams.get("code")).toBeTruthy();
    expect(await grantsOf("Fumbled")).toBe(1);
  });

  it("an unknown, expired or other browser's request: the consent page, which says it expired", async () => {
    const { path } = await live("Stale");
    const form = new URLSearchParams({ decision: "allow", workspace: world.workspace.id }).toString();
    expectBack(await decide(path, form), `${path}?problem=expired`); // no interaction cookie: another browser
    expectBack(await decide("/oauth/consent/no-such-request", form), "/oauth/consent/no-such-request?problem=expired");
    expectBack(
      await decide("/oauth/consent/%E2%9C%93%22%3E%3Cscript%3E", form),
      "/oauth/consent/%E2%9C%93%22%3E%3Cscript%3E?problem=expired",
    );
    expect(consentProblem("expired")).toMatch(/expired/);
    expect(await grantsOf("Stale")).toBe(0);
  });

  it("not signed in: to sign-in, which comes back to the consent page", async () => {
    const { path, browser } = await live("Signed out");
    const saved = session.person;
    session.person = null;
    try {
      const res = await decide(
        path,
        new URLSearchParams({ decision: "allow", workspace: world.workspace.id }).toString(),
        {},
        browser,
      );
      expectBack(res, `/sign-in?callbackUrl=${encodeURIComponent(path)}`);
    } finally {
      session.person = saved;
    }
    expect(await grantsOf("Signed out")).toBe(0);
  });

  it("a workspace that asks for step-up: allowing without a fresh check goes back to the page; right after one, the grant is strong", async () => {
    const ana_ = person(ana().id, "web");
    const { secret } = await beginTotpEnrolment(ana_);
    await confirmTotpEnrolment(ana_, { code: totpCodeAt(secret, new Date()), now: new Date() });
    await setSecondFactorPolicy(ana_, { workspaceId: world.workspace.id, policy: { stepUp: "approvals" } });
    const sessionId = (await inBrowser(ana().id, null)).session!.id;
    const signedInAs = session.person!;
    try {
      session.person = { ...signedInAs, sessionId, strongAuthAt: null };
      const { path, browser } = await live("Guarded");
      const allow = new URLSearchParams({ decision: "allow", workspace: world.workspace.id, write: "on" }).toString();
      expectBack(await decide(path, allow, {}, browser), `${path}?problem=step_up`);
      expect(consentProblem("step_up")).toContain("confirm it is you");
      expect(await grantsOf("Guarded")).toBe(0);

      // Checked a minute ago (the page's "Confirm it's you"): allowed, and the grant remembers it.
      session.person = { ...signedInAs, sessionId, strongAuthAt: new Date(Date.now() - 60_000) };
      const done = await browser.follow(`${app.origin}${path}/decision`, app.origin, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: allow,
      });
      expect(done.url.searchParams.get("code")).toBeTruthy();
      const grant = await db().oAuthGrant.findFirstOrThrow({ where: { clientName: "Guarded" } });
      expect(grant.strongAt).not.toBeNull();
    } finally {
      session.person = signedInAs;
      await setSecondFactorPolicy(systemActor, { workspaceId: world.workspace.id, policy: { stepUp: "off" } });
    }
    // Grants made without a check (every other in this file) are not strong.
    expect(await db().oAuthGrant.count({ where: { strongAt: { not: null } } })).toBe(1);
  });

  it("the page's text for a reason is Relay's own: an unknown key says nothing", () => {
    expect(consentProblem("workspace")).toMatch(/not one of yours/);
    expect(consentProblem("<script>")).toBeNull();
    expect(consentProblem("toString")).toBeNull();
    expect(consentProblem(["form"])).toBeNull();
  });
});

describe("refusals", () => {
  it("revoked in Settings: its access token is invalid_token and its refresh token mints nothing; audited", async () => {
    const auth = new MemoryAuthProvider("Revoked Assistant");
    await connectWithOAuth(auth);
    const { access_token: token, refresh_token: refreshToken } = auth.stored!;
    expect((await mcpPost(token)).status).toBe(200);
    const listed = (await listOAuthGrants(person(ana().id, "web"))).find((g) => g.client_name === "Revoked Assistant");
    expect(listed).toMatchObject({ workspace: { id: world.workspace.id }, scopes: ["read", "write"], revoked_at: null });
    expect(listed!.last_used_at).not.toBeNull();

    // Another person cannot revoke it (nor learn that it exists); an unknown id is the same answer.
    const bruno = world.people[1]!;
    await expect(revokeOAuthGrant(person(bruno.id, "web"), listed!.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(revokeOAuthGrant(person(ana().id, "web"), "no-such-grant")).rejects.toMatchObject({ code: "not_found" });
    expect((await mcpPost(token)).status).toBe(200);

    await revokeOAuthGrant(person(ana().id, "web"), listed!.id);
    await revokeOAuthGrant(person(ana().id, "web"), listed!.id); // twice: nothing more
    const res = await mcpPost(token);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(res.headers.get("www-authenticate")).toContain("resource_metadata=");
    const refreshed = await form({ grant_type: "refresh_token", refresh_token: refreshToken!, client_id: auth.client!.client_id });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: "invalid_grant" });
    expect(await db().auditEvent.count({ where: { action: "oauth_grant.revoked", actorId: ana().id, via: "web" } })).toBe(1);
    expect(
      await db().auditEvent.count({
        where: { action: "oauth_grant.created", data: { path: ["client_name"], equals: "Revoked Assistant" } },
      }),
    ).toBe(1);
    const after = (await listOAuthGrants(person(ana().id, "web"))).find((g) => g.id === listed!.id);
    expect(after!.revoked_at).not.toBeNull();
    expect(await listOAuthGrants(person(bruno.id, "web"))).not.toContainEqual(expect.objectContaining({ id: listed!.id }));
  });

  it("a token revoked at the revocation endpoint (RFC 7009) is refused", async () => {
    const auth = new MemoryAuthProvider("Self-revoking");
    await connectWithOAuth(auth);
    const token = auth.stored!.access_token;
    const revoked = await fetch(`${app.origin}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, client_id: auth.client!.client_id }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect((await mcpPost(token)).status).toBe(401);
  });

  it("a token minted for another resource is refused with invalid_token", async () => {
    const auth = new MemoryAuthProvider("Audience");
    await connectWithOAuth(auth);
    const provider = oauthProvider();
    const mine = (await provider.AccessToken.find(auth.stored!.access_token))!;
    const AccessToken = provider.AccessToken as unknown as new (p: Record<string, unknown>) => {
      save(): Promise<string>;
    };
    const foreign = await new AccessToken({
      accountId: mine.accountId,
      clientId: mine.clientId,
      grantId: mine.grantId,
      scope: "read write",
      aud: "https://other.example/mcp",
    }).save();
    expect((await mcpPost(auth.stored!.access_token)).status).toBe(200);
    const res = await mcpPost(foreign);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect((await res.json()).error.message).toContain(`not issued for this server (${mcpResource()})`);
  });
});

describe("the provider's own session", () => {
  it("never grants without the consent page: a second authorization in the same browser asks again", async () => {
    const auth = new MemoryAuthProvider("Twice");
    const first = new Client({ name: "oauth-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl()), { authProvider: auth });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const browser = new Browser();
    await consent(browser, auth.authorizationUrl!.href);
    // The same browser (the provider's session cookie kept) starts again: it lands on the consent page, no code.
    const again = await browser.follow(auth.authorizationUrl!.href, app.origin);
    expect(again.url.pathname).toMatch(/^\/oauth\/consent\/[^/]+$/);
  });
});
