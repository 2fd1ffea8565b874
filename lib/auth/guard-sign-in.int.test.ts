import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { createPerson } from "@/lib/people/create-person";
import { guardSignIn, SignInLocked } from "./guard-sign-in";
import { authOptions } from "./options";
import { signInErrorMessage } from "./sign-in-errors";
import { captureLog } from "@/test/log-lines";

// Sign-in throttling through next-auth's own authorize() (what POST /api/auth/callback/credentials calls), on a
// real database. The limiter compares times in JavaScript (Date.now()), so a fake Date moves its clock: no sleeps.

const PASSWORD = "right-password-1";
const MINUTE = 60_000;
let anaId: string;

beforeAll(async () => {
  vi.stubEnv("NEXTAUTH_SECRET", "a-test-secret-of-enough-length");
  anaId = (await createPerson({ email: "ana.guard@example.com", name: "Ana", handle: "ana.guard", password: PASSWORD }))
    .id;
  await createPerson({ email: "ben.guard@example.com", name: "Ben", handle: "ben.guard", password: PASSWORD });
});

afterAll(() => {
  vi.unstubAllEnvs();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T10:00:00Z") });
});

afterEach(() => {
  vi.useRealTimers();
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** Signs in as next-auth does: "ok" (a user), "wrong" (null) or the page's message for the error thrown. */
async function signIn(email: string, password: string, address: string): Promise<string> {
  const provider = authOptions().providers.find((p) => p.id === "credentials") as unknown as {
    options: CredentialsConfig;
  };
  const request = { headers: { "x-forwarded-for": address }, body: {}, query: {}, method: "POST" };
  try {
    const user = await provider.options.authorize({ email, password }, request);
    return user ? "ok" : "wrong";
  } catch (error) {
    return signInErrorMessage((error as Error).message);
  }
}

const LOCKED_15 = "Too many failed sign-ins. Try again in 15 minutes.";

async function fail(times: number, email: string, address: string): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < times; i++) answers.push(await signIn(email, "wrong-password", address));
  return answers;
}

describe("sign-in throttling per account and address", () => {
  it("locks the pair at the 10th failure: even the right password is refused, with when to try again", async () => {
    const answers = await fail(10, "ana.guard@example.com", "198.51.100.1");
    expect(answers.slice(0, 9)).toEqual(Array(9).fill("wrong"));
    expect(answers[9]).toBe(LOCKED_15);
    expect(await signIn("ana.guard@example.com", PASSWORD, "198.51.100.1")).toBe(LOCKED_15);
    later(5 * MINUTE);
    expect(await signIn("Ana.Guard@example.com ", PASSWORD, "198.51.100.1")).toBe(
      "Too many failed sign-ins. Try again in 10 minutes.",
    );
  });

  it("still lets another account in from that address, and the same account from another address", async () => {
    await fail(10, "ana.guard@example.com", "198.51.100.2");
    expect(await signIn("ana.guard@example.com", PASSWORD, "198.51.100.2")).toBe(LOCKED_15);
    expect(await signIn("ben.guard@example.com", PASSWORD, "198.51.100.2")).toBe("ok");
    expect(await signIn("ana.guard@example.com", PASSWORD, "203.0.113.2")).toBe("ok");
  });

  it("lifts the lockout after its time", async () => {
    await fail(10, "ana.guard@example.com", "198.51.100.3");
    later(14 * MINUTE);
    expect(await signIn("ana.guard@example.com", PASSWORD, "198.51.100.3")).toBe(
      "Too many failed sign-ins. Try again in 1 minute.",
    );
    later(1 * MINUTE + 1000);
    expect(await signIn("ana.guard@example.com", PASSWORD, "198.51.100.3")).toBe("ok");
  });

  it("forgets the failures after a success", async () => {
    await fail(9, "ana.guard@example.com", "198.51.100.4");
    expect(await signIn("ana.guard@example.com", PASSWORD, "198.51.100.4")).toBe("ok");
    expect(await fail(9, "ana.guard@example.com", "198.51.100.4")).toEqual(Array(9).fill("wrong"));
    expect(await signIn("ana.guard@example.com", PASSWORD, "198.51.100.4")).toBe("ok");
  });

  it("doubles a repeated lockout, up to a day", async () => {
    const address = "198.51.100.5";
    const lockouts: string[] = [];
    for (let n = 0; n < 8; n++) {
      const answers = await fail(10, "ana.guard@example.com", address);
      lockouts.push(answers[9]!);
      later(24 * 60 * MINUTE); // the longest lockout has ended; still within a day of the previous one's end
    }
    expect(lockouts).toEqual([
      LOCKED_15,
      "Too many failed sign-ins. Try again in 30 minutes.",
      "Too many failed sign-ins. Try again in 60 minutes.",
      "Too many failed sign-ins. Try again in 2 hours.",
      "Too many failed sign-ins. Try again in 4 hours.",
      "Too many failed sign-ins. Try again in 8 hours.",
      "Too many failed sign-ins. Try again in 16 hours.",
      "Too many failed sign-ins. Try again in 24 hours.",
    ]);
    // More than a day after the last lockout ended, the next one is short again.
    later(24 * 60 * MINUTE + MINUTE);
    expect((await fail(10, "ana.guard@example.com", address))[9]).toBe(LOCKED_15);
  });

  it("answers an email without an account exactly as one with an account", async () => {
    const known = await fail(11, "ana.guard@example.com", "198.51.100.6");
    const unknown = await fail(11, "nobody.guard@example.com", "198.51.100.6");
    expect(unknown).toEqual(known);
    expect(unknown.slice(9)).toEqual([LOCKED_15, LOCKED_15]);
  });

  it("records each lockout as a security event, with the account when the email names one", async () => {
    await fail(10, "ana.guard@example.com", "198.51.100.7");
    await fail(10, "nobody7.guard@example.com", "198.51.100.7");
    const events = await db().securityEvent.findMany({
      where: { address: "198.51.100.7" },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => ({ kind: e.kind, userId: e.userId, email: e.email, data: e.data }))).toEqual([
      {
        kind: "sign_in_locked",
        userId: anaId,
        email: "ana.guard@example.com",
        data: { failures: 10, window_seconds: 900, locked_seconds: 900, lockout: 1 },
      },
      {
        kind: "sign_in_locked",
        userId: null,
        email: "nobody7.guard@example.com",
        data: { failures: 10, window_seconds: 900, locked_seconds: 900, lockout: 1 },
      },
    ]);
  });

  it("locks an address after 100 failures across accounts, for a day", async () => {
    const address = "198.51.100.8";
    for (let i = 0; i < 99; i++) expect(await signIn(`stuffing${i}@example.com`, "guess", address)).toBe("wrong");
    expect(await signIn("stuffing99@example.com", "guess", address)).toBe(
      "Too many failed sign-ins. Try again in 24 hours.",
    );
    expect(await signIn("ben.guard@example.com", PASSWORD, address)).toBe(
      "Too many failed sign-ins. Try again in 24 hours.",
    );
    expect(await signIn("ben.guard@example.com", PASSWORD, "198.51.100.9")).toBe("ok");
    const event = await db().securityEvent.findFirst({ where: { address, kind: "sign_in_address_locked" } });
    expect(event).toMatchObject({ email: "stuffing99@example.com", data: { failures: 100, locked_seconds: 86400 } });
  });

  it("does not count a success against the address", async () => {
    const address = "198.51.100.10";
    for (let i = 0; i < 101; i++) expect(await signIn("ben.guard@example.com", PASSWORD, address)).toBe("ok");
    for (let i = 0; i < 9; i++) expect(await signIn(`other${i}@example.com`, "guess", address)).toBe("wrong");
  });

  it("counts IPv6 addresses by their /64", async () => {
    for (let i = 0; i < 9; i++) await signIn("ana.guard@example.com", "wrong", `2001:db8:5:6::${i + 1}`);
    expect(await signIn("ana.guard@example.com", "wrong", "2001:db8:5:6:ffff::1")).toBe(LOCKED_15);
  });
});

describe("a sign-in that fails on our side", () => {
  it("reaches the page as a code that says nothing of the cause (it lands in the URL), and is logged", async () => {
    const logged = captureLog();
    const lookup = vi
      .spyOn(db().user, "findUnique")
      .mockRejectedValueOnce(new Error("connect ECONNREFUSED 10.0.0.5:5432"));
    try {
      const provider = authOptions().providers.find((p) => p.id === "credentials") as unknown as {
        options: CredentialsConfig;
      };
      const request = { headers: { "x-forwarded-for": "203.0.113.90" }, body: {}, query: {}, method: "POST" };
      const thrown = await Promise.resolve(
        provider.options.authorize({ email: "ana.guard@example.com", password: PASSWORD }, request),
      ).then(
        () => null,
        (error: Error) => error,
      );
      expect(thrown?.message).toBe("SignInUnavailable");
      expect(signInErrorMessage(thrown?.message)).toBe("Sign-in is unavailable right now. Try again in a moment.");
      logged.stop();
      expect(logged.lines()).toContainEqual(
        expect.objectContaining({ level: "error", msg: "sign-in failed", err: expect.objectContaining({ message: expect.stringContaining("ECONNREFUSED") }) }),
      );
    } finally {
      lookup.mockRestore();
      logged.stop();
    }
  });
});

describe("guardSignIn", () => {
  it("refuses a locked pair before the password is checked", async () => {
    const attempt = { email: "carol.guard@example.com", address: "192.0.2.50" };
    const verify = vi.fn(async () => null);
    for (let i = 0; i < 9; i++) expect(await guardSignIn(attempt, verify)).toBeNull();
    await expect(guardSignIn(attempt, verify)).rejects.toThrow(SignInLocked);
    expect(verify).toHaveBeenCalledTimes(10);
    const right = vi.fn(async () => ({ id: "carol" }));
    await expect(guardSignIn(attempt, right)).rejects.toMatchObject({ retryAfterSeconds: 900 });
    expect(right).not.toHaveBeenCalled();
  });

  it("lets no more than 10 of many parallel guesses reach the password check", async () => {
    const attempt = { email: "dave.guard@example.com", address: "192.0.2.51" };
    const verify = vi.fn(async () => null);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => guardSignIn(attempt, verify)));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.status === "rejected").length).toBeGreaterThanOrEqual(30);
  });
});
