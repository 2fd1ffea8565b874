import "server-only";
import type { NextAuthOptions, Profile } from "next-auth";
import GithubProvider, { type GithubEmail } from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import type { Env } from "@/lib/env";

// Sign-in with GitHub and Google, each offered only when both of its variables are set. Both profiles end up with
// the same two fields that lib/auth/link-oauth-account.ts needs: `email` and `email_verified` (Google's ID token has
// them; for GitHub we fill them in below).

export function oauthProviders(config: Pick<Env, "GITHUB_ID" | "GITHUB_SECRET" | "GOOGLE_ID" | "GOOGLE_SECRET">) {
  const providers: NextAuthOptions["providers"] = [];
  if (config.GITHUB_ID && config.GITHUB_SECRET) {
    providers.push(
      GithubProvider({
        clientId: config.GITHUB_ID,
        clientSecret: config.GITHUB_SECRET,
        // next-auth's own request takes the public profile email, or else the primary one, without asking whether
        // GitHub verified it. Ours always asks for the account's emails and keeps the primary one with its flag.
        // (The default scope, `read:user user:email`, allows reading them.)
        userinfo: {
          async request({ client, tokens }) {
            if (!tokens.access_token) throw new Error("GitHub returned no access token");
            const profile = await client.userinfo(tokens.access_token);
            const primary = await githubPrimaryEmail(tokens.access_token);
            // next-auth's Profile type lists only sub, name, email and image; the rest of GitHub's fields ride along.
            return { ...profile, email: primary?.email, email_verified: primary?.verified === true } as Profile;
          },
        },
      }),
    );
  }
  if (config.GOOGLE_ID && config.GOOGLE_SECRET) {
    providers.push(GoogleProvider({ clientId: config.GOOGLE_ID, clientSecret: config.GOOGLE_SECRET }));
  }
  return providers;
}

/** The account's primary email with GitHub's verified flag; undefined when GitHub does not answer (sign-in refused). */
export async function githubPrimaryEmail(accessToken: string): Promise<GithubEmail | undefined> {
  const response = await fetch("https://api.github.com/user/emails", {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/vnd.github+json", "User-Agent": "Relay" },
  });
  if (!response.ok) return undefined;
  const emails = (await response.json()) as GithubEmail[];
  return Array.isArray(emails) ? emails.find((email) => email.primary) : undefined;
}

/** The email an OAuth profile vouches for, as `linkOAuthAccount` takes it: verified only if the provider says so. */
export function oauthEmail(profile: Profile | undefined): { email: string | null; emailVerified: boolean } {
  const fields = (profile ?? {}) as { email?: unknown; email_verified?: unknown };
  return {
    email: typeof fields.email === "string" ? fields.email : null,
    emailVerified: fields.email_verified === true,
  };
}
