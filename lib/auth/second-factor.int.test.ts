import type { CredentialsConfig } from "next-auth/providers/credentials";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { beginTotpEnrolment, confirmTotpEnrolment } from "@/lib/factors/authenticator";
import { regenerateRecoveryCodes } from "@/lib/factors/recovery-codes";
import { passkeyRegistrationOptions, registerPasskey } from "@/lib/factors/register-passkey";
import { totpCodeAt } from "@/lib/factors/totp";
import { passkeySignInOptions } from "@/lib/factors/verify-passkey";
import { relyingParty } from "@/lib/factors/webauthn";
import { person } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { SoftwareAuthenticator } from "@/test/software-authenticator";
import { captureLog } from "@/test/log-lines";
import { authOptions, PASSKEY_PROVIDER } from "./options";
import { secondFactorsAsked, signInErrorMessage } from "./sign-in-errors";

// The sign-in's second step through next-auth's own authorize() (what POST /api/auth/callback/<provider> calls), on
// a real database: the password, then (for a person with a second factor) the password again with an authenticator
// code, a recovery code or a passkey; and a passkey alone. Date is faked so codes are chosen by their time step.

const PASSWORD = "right-password-1";
const rp = relyingParty();
const log = captureLog();
let totpSecret: string;
let recovery: string[];
let dana: { id: string };
let key: SoftwareAuthenticator;

beforeAll(async () => {
  vi.stubEnv("NEXTAUTH_SECRET", "a-test-secret-of-enough-length");
  const carl = await createPerson({
    email: "carl.2fa@example.com",
    name: "Carl",
    handle: "carl.2fa",
    password: PASSWORD,
  });
  const { secret } = await beginTotpEnrolment(person(carl.id, "web"));
  await confirmTotpEnrolment(person(carl.id, "web"), { code: totpCodeAt(secret, new Date()), now: new Date() });
  totpSecret = secret;
  recovery = await regenerateRecoveryCodes(carl.id);
  dana = await createPerson({ email: "dana.2fa@example.com", name: "Dana", handle: "dana.2fa", password: PASSWORD });
  key = new SoftwareAuthenticator();
  const options = await passkeyRegistrationOptions(person(dana.id, "web"));
  await registerPasskey(person(dana.id, "web"), {
    response: key.register({ challenge: options.challenge, origin: rp.origin, rpID: rp.id }),
    name: "Dana's laptop",
  });
  await createPerson({ email: "eli.2fa@example.com", name: "Eli", handle: "eli.2fa", password: PASSWORD });
});

afterAll(() => {
  vi.unstubAllEnvs();
  log.stop();
});

// Each test twenty minutes after the one before, all after the enrolment (on the real clock): its codes are of later
// time steps than any accepted before (an authenticator accepts no step earlier than its last), and no lockout of
// an earlier test lasts into it.
const START = Date.now();
let tests = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(START + ++tests * 20 * 60_000) });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A provider as next-auth reads it: its own options' id over the default one (as next-auth merges them). */
const provider = (id: string) =>
  authOptions().providers.find(
    (p) => ((p as unknown as { options?: { id?: string } }).options?.id ?? p.id) === id,
  ) as unknown as { options: CredentialsConfig };

/** "ok:<method>", "wrong" (null) or the error code thrown. */
async function signIn(fields: Record<string, string>, address: string): Promise<string> {
  const request = { headers: { "x-forwarded-for": address }, body: {}, query: {}, method: "POST" };
  try {
    const user = (await provider(fields.provider ?? "credentials").options.authorize(fields, request)) as {
      method?: string;
    } | null;
    return user ? `ok:${user.method}` : "wrong";
  } catch (error) {
    return (error as Error).message;
  }
}
const carl = (extra: Record<string, string> = {}, address = "198.51.100.40") =>
  signIn({ email: "carl.2fa@example.com", password: PASSWORD, ...extra }, address);

describe("the second step", () => {
  it("asks a person with an authenticator for it after the right password, and only then", async () => {
    const asked = await carl();
    expect(secondFactorsAsked(asked)).toEqual({ totp: true, passkey: false });
    expect(await signIn({ email: "carl.2fa@example.com", password: "wrong-password" }, "198.51.100.40")).toBe("wrong");
    expect(await signIn({ email: "eli.2fa@example.com", password: PASSWORD }, "198.51.100.40")).toBe("ok:password");
    expect(
      secondFactorsAsked(await signIn({ email: "dana.2fa@example.com", password: PASSWORD }, "198.51.100.40")),
    ).toEqual({ totp: false, passkey: true });
  });

  it("accepts the authenticator's code once, and refuses a wrong one", async () => {
    const code = totpCodeAt(totpSecret, new Date());
    expect(await carl({ code: String((Number(code) + 1) % 1e6).padStart(6, "0") })).toBe("wrong");
    expect(await carl({ code })).toBe("ok:password+totp");
    expect(await carl({ code })).toBe("wrong"); // used
    // A right code with a wrong password is no sign-in.
    const next = totpCodeAt(totpSecret, new Date(Date.now() + 30_000));
    expect(await signIn({ email: "carl.2fa@example.com", password: "nope-nope", code: next }, "198.51.100.40")).toBe(
      "wrong",
    );
  });

  it("accepts a recovery code once", async () => {
    expect(await carl({ code: recovery[0]! })).toBe("ok:password+recovery_code");
    expect(await carl({ code: recovery[0]! })).toBe("wrong");
  });

  it("accepts the person's passkey after the password, not another's", async () => {
    const options = await passkeySignInOptions({ address: "198.51.100.41" });
    const assertion = JSON.stringify(key.assert({ challenge: options.challenge, origin: rp.origin, rpID: rp.id }));
    expect(await carl({ passkey: assertion })).toBe("wrong"); // Dana's passkey
    const again = await passkeySignInOptions({ address: "198.51.100.41" });
    const mine = JSON.stringify(key.assert({ challenge: again.challenge, origin: rp.origin, rpID: rp.id }));
    expect(await signIn({ email: "dana.2fa@example.com", password: PASSWORD, passkey: mine }, "198.51.100.41")).toBe(
      "ok:password+passkey",
    );
    expect(await signIn({ email: "dana.2fa@example.com", password: PASSWORD, passkey: mine }, "198.51.100.41")).toBe(
      "wrong", // replayed
    );
  });

  it("counts wrong codes against the sign-in limit: the 10th locks, even the right code then", async () => {
    const address = "198.51.100.42";
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await carl({ code: "000000" }, address));
    expect(answers.slice(0, 9)).toEqual(Array(9).fill("wrong"));
    expect(signInErrorMessage(answers[9])).toBe("Too many failed sign-ins. Try again in 15 minutes.");
    expect(signInErrorMessage(await carl({ code: totpCodeAt(totpSecret, new Date()) }, address))).toBe(
      "Too many failed sign-ins. Try again in 15 minutes.",
    );
  });

  it("does not count the first step (the right password, asked for a factor) as a failure", async () => {
    const address = "198.51.100.43";
    for (let i = 0; i < 12; i++) expect(secondFactorsAsked(await carl({}, address))).not.toBeNull();
    expect(await carl({ code: totpCodeAt(totpSecret, new Date()) }, address)).toBe("ok:password+totp");
  });
});

describe("a passkey alone", () => {
  it("signs its person in when it verifies them, once per challenge", async () => {
    const options = await passkeySignInOptions({ address: "198.51.100.44" });
    const passkey = JSON.stringify(key.assert({ challenge: options.challenge, origin: rp.origin, rpID: rp.id }));
    expect(await signIn({ provider: PASSKEY_PROVIDER, passkey }, "198.51.100.44")).toBe("ok:passkey");
    expect(await signIn({ provider: PASSKEY_PROVIDER, passkey }, "198.51.100.44")).toBe("wrong");
    expect(await signIn({ provider: PASSKEY_PROVIDER, passkey: "{not json" }, "198.51.100.44")).toBe("wrong");
  });

  it("refuses an assertion without user verification, and one for another origin", async () => {
    const options = await passkeySignInOptions({ address: "198.51.100.44" });
    const unverified = key.assert({
      challenge: options.challenge,
      origin: rp.origin,
      rpID: rp.id,
      userVerified: false,
    });
    expect(await signIn({ provider: PASSKEY_PROVIDER, passkey: JSON.stringify(unverified) }, "198.51.100.44")).toBe(
      "wrong",
    );
    const other = await passkeySignInOptions({ address: "198.51.100.44" });
    const evil = key.assert({ challenge: other.challenge, origin: "https://evil.example", rpID: rp.id });
    expect(await signIn({ provider: PASSKEY_PROVIDER, passkey: JSON.stringify(evil) }, "198.51.100.44")).toBe("wrong");
  });
});
