import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { Browser } from "@/test/browser";
import { REDIRECT_URI } from "@/test/oauth";
import { app, consent, form, mcpPost, oauthWorld, session } from "@/test/oauth-world";
import { sql } from "@/lib/db/sql";
import { mcpResource } from "./provider";

// MCP's OAuth 2.1 authorization server (issue 21) over real HTTP, at its endpoints: bad input at the authorization
// and token endpoints (a clear OAuth error, no token), what the fuzz found at the open endpoints, and their rate
// limits per client address. The SDK client's flow, consent and revocation: flow.int.test.ts.

vi.mock("@/lib/auth/session", () => ({ signedInPerson: async () => session.person }));

oauthWorld();

describe("bad input at the authorization and token endpoints: a clear OAuth error, no token", () => {
  let clientId = "";
  const verifier = "v".repeat(64);
  const challenge = createHash("sha256").update(verifier).digest("base64url");

  beforeAll(async () => {
    const registered = await fetch(`${app.origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "Hand-driven",
        redirect_uris: [REDIRECT_URI],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      }),
    });
    expect(registered.status).toBe(201);
    clientId = (await registered.json()).client_id;
  });

  const authorizeUrl = (over: Record<string, string> = {}) => {
    const url = new URL(`${app.origin}/oauth/authorize`);
    const params: Record<string, string> = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      code_challenge: challenge,
      code_challenge_method: "S256",
      scope: "read write",
      state: "s1",
      resource: mcpResource(),
      ...over,
    };
    for (const [k, v] of Object.entries(params)) if (v !== "") url.searchParams.set(k, v);
    return url.href;
  };
  const code = async (over: Record<string, string> = {}) => {
    const back = await consent(new Browser(), authorizeUrl(over));
    return back.searchParams.get("code")!;
  };
  const exchange = (code: string, over: Record<string, string> = {}) =>
    form({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      ...over,
    });
  const expectRefused = async (response: Response, error: string) => {
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toBe(error);
    expect(body.error_description).toBeTruthy();
    expect(body).not.toHaveProperty("access_token");
    expect(body).not.toHaveProperty("refresh_token");
  };

  it("a wrong code", async () => {
    await expectRefused(await exchange("not-a-code"), "invalid_grant");
  });

  it("a code used twice: the second is refused, and the tokens of the first are revoked", async () => {
    const c = await code();
    const first = await exchange(c);
    expect(first.status).toBe(200);
    const tokens = await first.json();
    expect((await mcpPost(tokens.access_token)).status).toBe(200);
    await expectRefused(await exchange(c), "invalid_grant");
    expect((await mcpPost(tokens.access_token)).status).toBe(401);
  });

  it("a missing or wrong PKCE verifier", async () => {
    const c = await code();
    await expectRefused(await exchange(c, { code_verifier: "" }), "invalid_grant");
    const c2 = await code();
    await expectRefused(await exchange(c2, { code_verifier: "w".repeat(64) }), "invalid_grant");
  });

  it("no PKCE, or plain PKCE, at the authorization endpoint: sent back as an error, no code", async () => {
    for (const over of [
      { code_challenge: "", code_challenge_method: "" },
      { code_challenge: verifier, code_challenge_method: "plain" },
    ]) {
      const res = await fetch(authorizeUrl(over), { redirect: "manual" });
      const location = new URL(res.headers.get("location")!);
      expect(location.origin + location.pathname).toBe(REDIRECT_URI);
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.has("code")).toBe(false);
    }
  });

  it("an unregistered redirect URI is never redirected to; another loopback port is (RFC 8252)", async () => {
    for (const redirect of [
      "https://evil.example/callback",
      "http://127.0.0.1:53682/other",
      "http://localhost:53682/callback",
    ]) {
      const res = await fetch(authorizeUrl({ redirect_uri: redirect }), { redirect: "manual" });
      expect(res.status, redirect).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect((await res.json()).error).toBe("invalid_redirect_uri");
    }
    const back = await consent(new Browser(), authorizeUrl({ redirect_uri: "http://127.0.0.1:9999/callback" }));
    expect(back.origin).toBe("http://127.0.0.1:9999");
    expect(back.searchParams.get("code")).toBeTruthy();
  });

  it("a resource other than the MCP server is refused at the authorization endpoint", async () => {
    const res = await fetch(authorizeUrl({ resource: "https://other.example/mcp" }), { redirect: "manual" });
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_target");
    expect(location.searchParams.has("code")).toBe(false);
  });

  it("refresh tokens rotate; a replayed one is refused and revokes the whole grant", async () => {
    const tokens = await (await exchange(await code())).json();
    const refresh = (token: string) => form({ grant_type: "refresh_token", refresh_token: token, client_id: clientId });
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const next = await rotated.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpPost(next.access_token)).status).toBe(200);
    await expectRefused(await refresh(tokens.refresh_token), "invalid_grant");
    // The whole grant: the new access token and the rotated refresh token are dead too, and Relay's row says so.
    expect((await mcpPost(next.access_token)).status).toBe(401);
    await expectRefused(await refresh(next.refresh_token), "invalid_grant");
    const grantId = (await db().oAuthGrant.findFirstOrThrow({ where: { clientId }, orderBy: { createdAt: "desc" } }))
      .grantId;
    await expect
      .poll(async () => (await db().oAuthGrant.findUniqueOrThrow({ where: { grantId } })).revokedAt)
      .not.toBeNull();
  });

  it("an expired refresh token is refused", async () => {
    const tokens = await (await exchange(await code())).json();
    await sql().unchecked(
      "UPDATE oauth_provider_records SET expires_at = now() - interval '1 second' WHERE model = 'RefreshToken'",
      [],
    );
    await expectRefused(
      await form({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId }),
      "invalid_grant",
    );
  });
});

describe("what the fuzz found (test/security/fuzz/oauth.ts)", () => {
  it("a registration or an authorization request with NUL or an unpaired surrogate is a 400 OAuth error, nothing stored", async () => {
    const before = await db().oAuthProviderRecord.count();
    for (const client_name of ["a\u0000b", "\ud800", "x\udc00"]) {
      const res = await fetch(`${app.origin}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.18.9.9" },
        body: JSON.stringify({ client_name, redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: "invalid_client_metadata",
        error_description: expect.stringContaining("NUL"),
      });
    }
    expect(await db().oAuthProviderRecord.count()).toBe(before);
  });

  it("a client_id, code or token with NUL is found nowhere (401/400 OAuth errors), not a 500; an error without a description gets one", async () => {
    const post = (path: string, body: Record<string, string>) =>
      fetch(`${app.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.18.9.10" },
        body: new URLSearchParams(body).toString(),
      });
    for (const res of [
      await post("/oauth/token", {
        grant_type: "authorization_code",
        code: "x",
        client_id: "a\u0000b",
        code_verifier: "v".repeat(64),
      }),
      await post("/oauth/revoke", { token: "t\u0000", client_id: "a\u0000b" }),
      await fetch(`${app.origin}/oauth/authorize?response_type=code&client_id=a%00b&scope=read`, {
        redirect: "manual",
      }),
    ]) {
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(body).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
    }
    const unsupported = await fetch(`${app.origin}/oauth/authorize?response_type=code&client_id=x&request=eyJ`, {
      redirect: "manual",
    });
    expect(await unsupported.json()).toMatchObject({
      error: "request_not_supported",
      error_description: expect.any(String),
    });
  });

  it("the provider's answers carry no Connection header of their own (it overrode the client's Connection: close)", async () => {
    const { toProvider } = await import("./mount");
    const res = await toProvider(
      new Request(`${app.origin}/.well-known/oauth-authorization-server`, { headers: { connection: "close" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("connection")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBeNull();
    expect((await res.json()).issuer).toBe(app.origin);
  });
});

describe("rate limits of the open endpoints, per client address", () => {
  it("the 21st registration in an hour from one address is 429 with Retry-After; another address still registers", async () => {
    const register = (address: string) =>
      fetch(`${app.origin}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({
          client_name: "Flood",
          redirect_uris: [REDIRECT_URI],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        }),
      });
    const before = await db().oAuthProviderRecord.count({ where: { model: "Client" } });
    for (let i = 0; i < 20; i++) expect((await register("203.0.113.77")).status).toBe(201);
    const refused = await register("203.0.113.77");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: "too_many_requests" });
    expect(await db().oAuthProviderRecord.count({ where: { model: "Client" } })).toBe(before + 20);
    expect((await register("203.0.113.78")).status).toBe(201);
  });
});
