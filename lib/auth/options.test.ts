import { createRequire } from "node:module";
import path from "node:path";
import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Which providers authOptions() offers, and what GitHub's profile says about the email. lib/env.ts and options.ts
// cache what they read, so each case loads fresh copies of the modules (vi.resetModules) after setting the variables:
// no test-only reset export is needed.

const OAUTH_VARIABLES = ["GITHUB_ID", "GITHUB_SECRET", "GOOGLE_ID", "GOOGLE_SECRET"] as const;

async function freshOptions(variables: Partial<Record<(typeof OAUTH_VARIABLES)[number], string>>) {
  for (const name of OAUTH_VARIABLES) vi.stubEnv(name, variables[name] ?? ""); // empty means unset (lib/env.ts)
  vi.resetModules();
  return import("./options");
}

beforeEach(() => {
  vi.stubEnv("NEXTAUTH_SECRET", "a-test-secret-of-enough-length");
  vi.stubEnv("AUTH_TRUST_HOST", "true");
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe("authOptions() providers", () => {
  it("offers only email and password when no OAuth variables are set", async () => {
    const { authOptions, oauthSignInProviders } = await freshOptions({});
    expect(authOptions().providers.map((provider) => provider.id)).toEqual(["credentials", "passkey"]);
    expect(oauthSignInProviders()).toEqual([]);
  });

  it("needs both the id and the secret of a provider", async () => {
    const { authOptions } = await freshOptions({ GITHUB_ID: "gh-id", GOOGLE_SECRET: "g-secret" });
    expect(authOptions().providers.map((provider) => provider.id)).toEqual(["credentials", "passkey"]);
  });

  it("offers GitHub when GITHUB_ID and GITHUB_SECRET are set", async () => {
    const { oauthSignInProviders } = await freshOptions({ GITHUB_ID: "gh-id", GITHUB_SECRET: "gh-secret" });
    expect(oauthSignInProviders()).toEqual([{ id: "github", name: "GitHub" }]);
  });

  it("offers Google when GOOGLE_ID and GOOGLE_SECRET are set, and both when all four are", async () => {
    const google = await freshOptions({ GOOGLE_ID: "g-id", GOOGLE_SECRET: "g-secret" });
    expect(google.oauthSignInProviders()).toEqual([{ id: "google", name: "Google" }]);
    const both = await freshOptions({ GITHUB_ID: "a", GITHUB_SECRET: "b", GOOGLE_ID: "c", GOOGLE_SECRET: "d" });
    expect(both.authOptions().providers.map((provider) => provider.id)).toEqual(["credentials", "passkey", "github", "google"]);
    const github = both.authOptions().providers.find((provider) => provider.id === "github") as OAuthConfig<Profile>;
    expect(github.options).toMatchObject({ clientId: "a", clientSecret: "b" });
  });
});

describe("GitHub's email", () => {
  // What next-auth runs for the profile: the provider merged with our options by next-auth's own parseProviders
  // (internal, so loaded by path), to be sure our request replaces the built-in one that ignores `verified`.
  async function githubProfile(emails: Response, publicEmail: string | null = "public@example.com") {
    const { authOptions } = await freshOptions({ GITHUB_ID: "gh-id", GITHUB_SECRET: "gh-secret" });
    const require = createRequire(import.meta.url);
    const nextAuthRoot = path.dirname(require.resolve("next-auth"));
    const { default: parseProviders } = require(path.join(nextAuthRoot, "core/lib/providers.js")) as {
      default: (params: { providers: unknown[]; url: URL; providerId: string }) => { provider: OAuthConfig<Profile> };
    };
    const { provider } = parseProviders({
      providers: authOptions().providers,
      url: new URL("http://localhost:3000/api/auth"),
      providerId: "github",
    });
    const fetchMock = vi.fn(async () => emails);
    vi.stubGlobal("fetch", fetchMock);
    const client = { userinfo: async () => ({ id: 7, login: "ana", name: "Ana", email: publicEmail }) };
    const userinfo = provider.userinfo as { request: (context: unknown) => Promise<Profile> };
    const profile = await userinfo.request({ client, tokens: { access_token: "gho_token" }, provider });
    return { profile, fetchMock };
  }

  it("is the primary email, verified when GitHub says so (not the public profile email)", async () => {
    const { profile, fetchMock } = await githubProfile(
      Response.json([
        { email: "other@example.com", primary: false, verified: true, visibility: null },
        { email: "Ana@Example.com", primary: true, verified: true, visibility: "private" },
      ]),
    );
    expect(profile).toMatchObject({ login: "ana", email: "Ana@Example.com", email_verified: true });
    expect(fetchMock).toHaveBeenCalledWith(
      "https://api.github.com/user/emails",
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: "Bearer gho_token" }) }),
    );
  });

  it("is unverified when the primary email is, even if another one is verified", async () => {
    const { profile } = await githubProfile(
      Response.json([
        { email: "ana@example.com", primary: true, verified: false, visibility: "private" },
        { email: "other@example.com", primary: false, verified: true, visibility: null },
      ]),
    );
    expect(profile).toMatchObject({ email: "ana@example.com", email_verified: false });
  });

  it("is missing and unverified when GitHub does not list the emails", async () => {
    const { profile } = await githubProfile(new Response("Forbidden", { status: 403 }));
    expect(profile).toMatchObject({ email: undefined, email_verified: false });
  });
});

describe("oauthEmail", () => {
  it("reads email and email_verified from a profile, verified only when the provider says true", async () => {
    const { oauthEmail } = await import("./oauth-providers");
    expect(oauthEmail({ email: "ana@example.com", email_verified: true } as Profile)).toEqual({
      email: "ana@example.com",
      emailVerified: true,
    });
    expect(oauthEmail({ email: "ana@example.com" })).toEqual({ email: "ana@example.com", emailVerified: false });
    expect(oauthEmail(undefined)).toEqual({ email: null, emailVerified: false });
  });
});
