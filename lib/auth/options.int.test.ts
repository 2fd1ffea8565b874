import type { Account, Profile, Session, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { revokeSession } from "@/lib/sessions/revoke-session";
import { sessionPerson } from "./session-person";
import { authOptions, OAUTH_NOT_LINKED_PATH } from "./options";

// The next-auth callbacks that turn an OAuth sign-in into a session for an existing Relay account.

let anaId: string;
const callbacks = () => authOptions().callbacks!;
const githubAccount: Account = { type: "oauth", provider: "github", providerAccountId: "7" };
const githubUser: User = { id: "7", name: "Ana on GitHub", email: "ana.callbacks@example.com" };

beforeAll(async () => {
  vi.stubEnv("NEXTAUTH_SECRET", "a-test-secret-of-enough-length");
  anaId = (await createPerson({ email: "ana.callbacks@example.com", name: "Ana", handle: "ana.callbacks" })).id;
});

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("signIn callback", () => {
  it("lets a verified email of an existing account in", async () => {
    const profile = { email: "Ana.Callbacks@example.com", email_verified: true } as Profile;
    expect(await callbacks().signIn!({ user: githubUser, account: githubAccount, profile })).toBe(true);
  });

  it("sends an unverified or unknown email back to the sign-in page with an explanation", async () => {
    const unverified = { email: "ana.callbacks@example.com", email_verified: false } as Profile;
    const unknown = { email: "nobody@example.com", email_verified: true } as Profile;
    expect(await callbacks().signIn!({ user: githubUser, account: githubAccount, profile: unverified })).toBe(
      OAUTH_NOT_LINKED_PATH,
    );
    expect(await callbacks().signIn!({ user: githubUser, account: githubAccount, profile: unknown })).toBe(
      OAUTH_NOT_LINKED_PATH,
    );
  });

  it("leaves email and password sign-in to its provider", async () => {
    const account: Account = { type: "credentials", provider: "credentials", providerAccountId: anaId };
    expect(await callbacks().signIn!({ user: { id: anaId }, account })).toBe(true);
  });
});

describe("jwt callback", () => {
  it("puts our user id, not the provider's, in the token of an OAuth sign-in", async () => {
    const profile = { email: "ana.callbacks@example.com", email_verified: true } as Profile;
    const token = await callbacks().jwt!({ token: { sub: "7" }, user: githubUser, account: githubAccount, profile });
    expect(token.sub).toBe(anaId);
  });

  it("keeps the id of an email and password sign-in, and the token of later requests", async () => {
    const account: Account = { type: "credentials", provider: "credentials", providerAccountId: anaId };
    expect((await callbacks().jwt!({ token: {}, user: { id: anaId }, account })).sub).toBe(anaId);
    const later: JWT = { sub: anaId };
    // After sign-in next-auth calls jwt with the token alone, whatever its types say about `user`.
    expect(await callbacks().jwt!({ token: later, user: undefined as unknown as User, account: null })).toBe(later);
  });

  it("records a session row at sign-in, whose id the token and the session carry; revoked, it signs nobody in", async () => {
    const account: Account = { type: "credentials", provider: "credentials", providerAccountId: anaId };
    const token = await callbacks().jwt!({ token: {}, user: { id: anaId, method: "password" }, account });
    expect(token.sid).toMatch(/^[0-9a-f-]{36}$/);
    const row = await db().personSession.findUniqueOrThrow({ where: { id: token.sid! } });
    expect(row).toMatchObject({ userId: anaId, method: "password", revokedAt: null });
    const session = (await callbacks().session!({
      session: { user: { name: "Ana" }, expires: "" },
      token,
    } as unknown as Parameters<NonNullable<ReturnType<typeof callbacks>["session"]>>[0])) as Session;
    expect(session).toMatchObject({ user: { id: anaId }, sid: token.sid });
    expect(await sessionPerson({ userId: session.user.id, sessionId: session.sid })).toMatchObject({ id: anaId });
    await revokeSession(person(anaId, "web"), token.sid!);
    expect(await sessionPerson({ userId: session.user.id, sessionId: session.sid })).toBeNull();
  });

  it("ends the session's row when its browser signs out", async () => {
    const account: Account = { type: "credentials", provider: "credentials", providerAccountId: anaId };
    const token = await callbacks().jwt!({ token: {}, user: { id: anaId, method: "password" }, account });
    await authOptions().events!.signOut!({ token, session: undefined as never });
    expect((await db().personSession.findUniqueOrThrow({ where: { id: token.sid! } })).revokedAt).not.toBeNull();
    expect(await sessionPerson({ userId: anaId, sessionId: token.sid })).toBeNull();
  });

  it("records an OAuth sign-in's session with its provider", async () => {
    const profile = { email: "ana.callbacks@example.com", email_verified: true } as Profile;
    const token = await callbacks().jwt!({ token: { sub: "7" }, user: githubUser, account: githubAccount, profile });
    expect((await db().personSession.findUniqueOrThrow({ where: { id: token.sid! } })).method).toBe("oauth:github");
  });
});
