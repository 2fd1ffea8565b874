import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { verifyPassword } from "@/lib/people/password";
import { authSecret } from "./secret";

// People sign in with next-auth 4 (DESIGN.md): email + password checked against users.password_hash (scrypt),
// sessions as encrypted JWT cookies carrying the user id. Bots never use sessions.

let cached: NextAuthOptions | undefined;

/** Built on first use, not at import: `next build` loads this module and must not touch DATA_DIR. */
export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  // next-auth reads its origin from NEXTAUTH_URL; without it (local use), trust the Host header of each request so
  // redirects stay on whatever port the app was started on.
  if (!env().NEXTAUTH_URL && !process.env.AUTH_TRUST_HOST) process.env.AUTH_TRUST_HOST = "true";
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
        },
        async authorize(credentials) {
          const email = credentials?.email?.trim().toLowerCase();
          const password = credentials?.password ?? "";
          if (!email || !password) return null;
          const user = await db().user.findUnique({
            where: { email },
            select: { id: true, email: true, name: true, passwordHash: true },
          });
          // Unknown people cost a hash too, so timing does not tell which emails have accounts.
          const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
          if (!user || !ok) return null;
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) session.user.id = token.sub;
        return session;
      },
      // Redirects stay on this site: relative paths, or absolute URLs of our own origin.
      redirect({ url, baseUrl }) {
        if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === baseUrl) return url;
        } catch {
          // not a URL: fall through
        }
        return baseUrl;
      },
    },
  };
  return cached;
}

// A valid scrypt hash of a random password nobody knows (salt and hash are 16 and 32 bytes of zeros + ones).
const DUMMY_HASH = `scrypt$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(32, 1).toString("base64")}`;
