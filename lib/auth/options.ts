import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/net/client-address";
import { sameOriginPath } from "@/lib/http/redirect-target";
import { verifyPassword } from "@/lib/people/password";
import { secondFactorsOf } from "@/lib/factors/list-factors";
import { parseAssertion, verifySecondFactor } from "@/lib/factors/verify-second-factor";
import { verifyPasskey } from "@/lib/factors/verify-passkey";
import { guardSignIn, SignInIncomplete, SignInLocked } from "./guard-sign-in";
import { endSession } from "@/lib/sessions/revoke-session";
import { startSession, type SignInMethod } from "@/lib/sessions/start-session";
import { linkOAuthAccount } from "./link-oauth-account";
import { requestDevice } from "./request-device";
import { oauthEmail, oauthProviders } from "./oauth-providers";
import { authSecret } from "./secret";
import {
  SIGN_IN_UNAVAILABLE,
  secondFactorRequiredCode,
  signInLockedCode,
  type SecondFactorsAsked,
} from "./sign-in-errors";
import { log } from "@/lib/log";
import { recordSignIn } from "@/lib/security/record-security-event";

// People sign in with next-auth 4 (docs/design.md#sign-in): email + password checked against users.password_hash
// (scrypt), or GitHub / Google when configured (lib/auth/oauth-providers.ts), for an existing account only (no
// adapter: see lib/auth/link-oauth-account.ts). Sessions are encrypted JWT cookies carrying our user id. Bots never
// use sessions.

/** Where a refused OAuth sign-in lands; the sign-in page explains the refusal. */
export const OAUTH_NOT_LINKED_PATH = "/sign-in?error=OAuthAccountNotLinked";

let cached: NextAuthOptions | undefined;

/** Built on first use, not at import: `next build` loads this module and must not touch DATA_DIR. */
export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  // next-auth's origin (NEXTAUTH_URL, else the request's host) comes from the server's environment: see
  // lib/auth/next-auth-environment.ts.
  cached = {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          // The second step (docs/decisions/036-second-factors.md): the form sends the password again with one of
          // these once the first answer asked for a second factor.
          code: { label: "Authenticator or recovery code", type: "text" },
          passkey: { label: "Passkey assertion", type: "text" },
        },
        async authorize(credentials, request) {
          const email = credentials?.email?.trim().toLowerCase();
          const password = credentials?.password ?? "";
          if (!email || !password) return null;
          // Throttled per (email, address) and per address (lib/auth/guard-sign-in.ts); the address is the one the
          // edge vouches for (instrumentation.ts). A second factor's guesses are counted there too: each is a try of
          // the password with a code.
          const address = clientAddress(request?.headers ?? {});
          try {
            return await guardSignIn({ email, address }, async () => {
              const user = await db().user.findUnique({
                where: { email },
                select: { id: true, email: true, name: true, passwordHash: true },
              });
              // Unknown people cost a hash too, so timing does not tell which emails have accounts.
              const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
              if (!user || !ok) return null;
              const method = await secondStep(user.id, { code: credentials?.code, passkey: credentials?.passkey });
              if (!method) return null;
              return { id: user.id, email: user.email, name: user.name, method };
            });
          } catch (error) {
            // next-auth hands a thrown error's message to the sign-in page as its `error` code, in the URL: anything
            // but a lockout or the second step's question (the database unreachable, a bug) is logged here and
            // travels as a code that says nothing.
            if (error instanceof SignInLocked) throw new Error(signInLockedCode(error.retryAfterSeconds));
            if (error instanceof SecondFactorRequired) throw new Error(secondFactorRequiredCode(error.factors));
            log().error({ err: error }, "sign-in failed");
            throw new Error(SIGN_IN_UNAVAILABLE);
          }
        },
      }),
      // A passkey alone (discoverable credentials: no e-mail typed). Its options come from the sign-in page's action
      // (app/(auth)/sign-in/_actions.ts); the assertion must verify the person (PIN, biometrics).
      {
        ...CredentialsProvider({
          name: "Passkey",
          credentials: { passkey: { label: "Passkey assertion", type: "text" } },
          async authorize(credentials) {
            const response = parseAssertion(credentials?.passkey ?? "");
            if (!response) return null;
            try {
              const proven = await verifyPasskey({ response, requireUserVerification: true });
              if (!proven) return null;
              const user = await db().user.findUnique({
                where: { id: proven.userId },
                select: { id: true, email: true, name: true },
              });
              return user && { ...user, method: "passkey" as const };
            } catch (error) {
              log().error({ err: error }, "passkey sign-in failed");
              throw new Error(SIGN_IN_UNAVAILABLE);
            }
          },
        }),
        id: PASSKEY_PROVIDER, // its own id from the start, so lists of providers name it before next-auth merges options
      },
      ...oauthProviders(env()),
    ],
    events: {
      // Signing out ends the session's row too (the cookie is gone; the row would otherwise stay listed as live).
      async signOut({ token }) {
        if (token?.sid && token.sub) await endSession({ sessionId: token.sid, userId: token.sub });
      },
    },
    callbacks: {
      async signIn({ account, profile }) {
        if (account?.type !== "oauth") return true;
        return (await linkOAuthAccount(oauthEmail(profile))) ? true : OAUTH_NOT_LINKED_PATH;
      },
      async jwt({ token, user, account, profile }) {
        if (account?.type === "oauth") {
          // user.id is the provider's account id: the session carries ours. Looked up again rather than passed from
          // signIn through next-auth's objects; an account deleted in between fails the sign-in.
          const userId = await linkOAuthAccount(oauthEmail(profile));
          if (!userId) throw new Error("OAuth sign-in no longer matches a Relay account");
          token.sub = userId;
          token.sid = await signIn(userId, `oauth:${account.provider}`);
        } else if (user) {
          token.sub = user.id;
          token.sid = await signIn(user.id, user.method ?? "password");
        }
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) session.user.id = token.sub;
        if (token.sid) session.sid = token.sid;
        return session;
      },
      // Redirects stay on this site: the one judge of redirect targets (lib/http/redirect-target.ts) keeps a path
      // on baseUrl's origin (NEXTAUTH_URL's), or none.
      redirect({ url, baseUrl }) {
        return `${baseUrl}${sameOriginPath(url, baseUrl) ?? "/"}`;
      },
    },
  };
  return cached;
}

/** The id of the provider that signs in with a passkey alone (the sign-in form's button). */
export const PASSKEY_PROVIDER = "passkey";

/** The password was right and the person has a second factor, but the attempt brought none. */
class SecondFactorRequired extends SignInIncomplete {
  constructor(readonly factors: SecondFactorsAsked) {
    super("A second factor is required");
  }
}

/**
 * After a right password: the sign-in's method when the person has no second factor, or when the one given is right;
 * null when it is wrong (a failed attempt); SecondFactorRequired when none was given.
 */
async function secondStep(userId: string, given: { code?: string; passkey?: string }): Promise<SignInMethod | null> {
  const factors = await secondFactorsOf(userId);
  if (!factors.totp && !factors.passkey) return "password";
  if (!given.code?.trim() && !given.passkey) throw new SecondFactorRequired(factors);
  const proven = await verifySecondFactor({ userId, code: given.code, passkey: given.passkey });
  return proven && `password+${proven}`;
}

/**
 * A sign-in's session row (lib/sessions/start-session.ts), for the JWT to carry: lib/auth/session.ts refuses the token
 * once the row is revoked. The browser is the one on this request (its device cookie set here if it has none).
 */
/** The moment of signing in: the session begins, and the audit chain records it with its method and session. */
async function signIn(userId: string, method: SignInMethod): Promise<string> {
  const sessionId = await beginSession(userId, method);
  await recordSignIn(userId, { method, sessionId });
  return sessionId;
}

async function beginSession(userId: string, method: SignInMethod): Promise<string> {
  const device = await requestDevice();
  return (await startSession({ userId, method, ...device })).sessionId;
}

/** The OAuth providers this server offers (their buttons on the sign-in page), in the order configured. */
export function oauthSignInProviders(): { id: string; name: string }[] {
  return authOptions()
    .providers.filter((provider) => provider.type === "oauth")
    .map(({ id, name }) => ({ id, name }));
}

// A valid scrypt hash of a random password nobody knows (salt and hash are 16 and 32 bytes of zeros + ones).
const DUMMY_HASH = `scrypt$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(32, 1).toString("base64")}`;
