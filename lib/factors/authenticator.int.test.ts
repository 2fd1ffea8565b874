import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { open } from "@/lib/crypto/secret-box";
import { person, type PersonActor } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { beginTotpEnrolment, confirmTotpEnrolment, verifyTotp } from "./authenticator";
import { listFactors, secondFactorsOf } from "./list-factors";
import { recoveryCodesLeft, regenerateRecoveryCodes, redeemRecoveryCode } from "./recovery-codes";
import { removeFactor } from "./remove-factor";
import { totpCodeAt } from "./totp";

// The authenticator app, recovery codes and removing a factor (issue 34), on a real database and a fixed clock: every
// function takes `now`, so a code's 30-second step is chosen, never waited for.

const T0 = new Date("2026-11-27T10:00:10Z"); // 10 s into a step
const STEP = 30_000;
const at = (steps: number) => new Date(T0.getTime() + steps * STEP);

async function newPerson(handle: string): Promise<PersonActor> {
  const { id } = await createPerson({ email: `${handle}@example.com`, name: handle, handle, password: "pw-123456789" });
  return person(id, "web");
}

/** Adds a confirmed authenticator at T0; returns its secret. */
async function enrolled(actor: PersonActor): Promise<string> {
  const { secret } = await beginTotpEnrolment(actor);
  await confirmTotpEnrolment(actor, { code: totpCodeAt(secret, T0), now: T0 });
  return secret;
}

describe("adding an authenticator", () => {
  it("shows a secret and its otpauth URI, sealed at rest, and counts only once a code confirmed it", async () => {
    const ana = await newPerson("ana.totp");
    const { secret, uri } = await beginTotpEnrolment(ana);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Relay:ana.totp%40example.com?issuer=Relay&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const row = await db().totpFactor.findUniqueOrThrow({ where: { userId: ana.userId } });
    expect(row.secretSealed).not.toContain(secret);
    expect(open(row.secretSealed)).toBe(secret);
    expect(await secondFactorsOf(ana.userId)).toEqual({ totp: false, passkey: false });
    expect(await verifyTotp({ userId: ana.userId, code: totpCodeAt(secret, T0), now: T0 })).toBe(false);

    await expect(confirmTotpEnrolment(ana, { code: "000000", now: T0 })).rejects.toMatchObject({
      code: "invalid_body",
      extras: { field: "code" },
    });
    const { recoveryCodes } = await confirmTotpEnrolment(ana, { code: totpCodeAt(secret, T0), now: T0 });
    expect(recoveryCodes).toHaveLength(10); // the first factor comes with recovery codes
    expect(await secondFactorsOf(ana.userId)).toEqual({ totp: true, passkey: false });
    expect((await listFactors(ana.userId)).authenticator).toMatchObject({ created_at: T0.toISOString() });
    await expect(beginTotpEnrolment(ana)).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses a confirmation against a secret replaced meanwhile", async () => {
    const ben = await newPerson("ben.totp");
    const first = await beginTotpEnrolment(ben);
    await beginTotpEnrolment(ben);
    await expect(confirmTotpEnrolment(ben, { code: totpCodeAt(first.secret, T0), now: T0 })).rejects.toMatchObject({
      code: "invalid_body",
    });
  });
});

describe("an authenticator code", () => {
  it("is accepted once: valid, wrong, reused, and the next step's accepted", async () => {
    const carla = await newPerson("carla.totp");
    const secret = await enrolled(carla); // T0's code was used to confirm
    const verify = (code: string, now: Date) => verifyTotp({ userId: carla.userId, code, now });

    expect(await verify(totpCodeAt(secret, T0), T0)).toBe(false); // used by the confirmation
    expect(await verify(totpCodeAt(secret, at(1)), at(1))).toBe(true); // valid
    expect(await verify(totpCodeAt(secret, at(1)), at(1))).toBe(false); // reused within its window
    const wrong = String((Number(totpCodeAt(secret, at(2))) + 1) % 1_000_000).padStart(6, "0");
    expect(await verify(wrong, at(2))).toBe(false); // wrong
    expect(await verify("12345", at(2))).toBe(false); // not six digits
    expect(await verify(` ${totpCodeAt(secret, at(2)).replace(/^(\d{3})/, "$1 ")} `, at(2))).toBe(true); // next step
  });

  it("of the step before or after is accepted (drift), two steps away is not, and an earlier step after a later never", async () => {
    const dan = await newPerson("dan.totp");
    const secret = await enrolled(dan);
    const verify = (code: string, now: Date) => verifyTotp({ userId: dan.userId, code, now });
    expect(await verify(totpCodeAt(secret, at(9)), at(10))).toBe(true); // one step behind
    expect(await verify(totpCodeAt(secret, at(12)), at(10))).toBe(false); // two ahead
    expect(await verify(totpCodeAt(secret, at(11)), at(10))).toBe(true); // one ahead
    expect(await verify(totpCodeAt(secret, at(10)), at(10))).toBe(false); // earlier than the last accepted step
  });

  it("is accepted once even when two requests bring it at the same time", async () => {
    const eve = await newPerson("eve.totp");
    const secret = await enrolled(eve);
    const code = totpCodeAt(secret, at(3));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => verifyTotp({ userId: eve.userId, code, now: at(3) })),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});

describe("recovery codes", () => {
  it("are ten, each used once, counted, and all replaced by regenerating", async () => {
    const fay = await newPerson("fay.recovery");
    const codes = await regenerateRecoveryCodes(fay.userId);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}(-[0-9a-f]{5}){3}$/);
    const stored = await db().recoveryCode.findMany({ where: { userId: fay.userId } });
    expect(stored.map((r) => r.codeHash).join()).not.toContain(codes[0]!.replaceAll("-", ""));

    const use = (code: string) => redeemRecoveryCode({ userId: fay.userId, code });
    expect(await use(codes[0]!)).toBe(true);
    expect(await use(codes[0]!)).toBe(false); // one use
    expect(await use(` ${codes[1]!.toUpperCase().replaceAll("-", " ")} `)).toBe(true); // as typed
    expect(await use("00000-00000-00000-00000")).toBe(false);
    expect(await use("not a code")).toBe(false);
    expect(await recoveryCodesLeft(fay.userId)).toBe(8);

    const other = await newPerson("gus.recovery");
    expect(await redeemRecoveryCode({ userId: other.userId, code: codes[2]! })).toBe(false); // Fay's, not Gus's

    const fresh = await regenerateRecoveryCodes(fay.userId);
    expect(await recoveryCodesLeft(fay.userId)).toBe(10);
    expect(await use(codes[2]!)).toBe(false); // the old ones stopped working
    expect(await use(fresh[0]!)).toBe(true);
  });
});

describe("removing a factor", () => {
  it("removes the person's authenticator, and with their last factor their recovery codes", async () => {
    const hal = await newPerson("hal.remove");
    await enrolled(hal);
    expect(await recoveryCodesLeft(hal.userId)).toBe(10);
    await removeFactor(hal, { kind: "totp" });
    expect(await secondFactorsOf(hal.userId)).toEqual({ totp: false, passkey: false });
    expect(await recoveryCodesLeft(hal.userId)).toBe(0);
    await expect(removeFactor(hal, { kind: "totp" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("keeps the recovery codes while another factor is left, and finds nobody else's passkey", async () => {
    const ivy = await newPerson("ivy.remove");
    const jon = await newPerson("jon.remove");
    await enrolled(ivy);
    const passkey = await db().passkey.create({
      data: {
        userId: ivy.userId,
        credentialId: "cred-ivy",
        publicKey: new Uint8Array([1, 2, 3]),
        deviceType: "multiDevice",
        backedUp: true,
        name: "Laptop",
      },
    });
    await expect(removeFactor(jon, { kind: "passkey", id: passkey.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(removeFactor(jon, { kind: "passkey", id: "nope" })).rejects.toMatchObject({ code: "not_found" });
    await removeFactor(ivy, { kind: "totp" });
    expect(await recoveryCodesLeft(ivy.userId)).toBe(10); // the passkey is still a factor
    await removeFactor(ivy, { kind: "passkey", id: passkey.id });
    expect(await recoveryCodesLeft(ivy.userId)).toBe(0);
  });
});

describe("step-up", () => {
  it("marks the session after an authenticator code, never after a recovery code or a wrong code", async () => {
    const { stepUp } = await import("./step-up");
    const { startSession } = await import("@/lib/sessions/start-session");
    const { checkSession } = await import("@/lib/sessions/check-session");
    const kim = await newPerson("kim.stepup");
    const secret = await enrolled(kim);
    const [code] = await regenerateRecoveryCodes(kim.userId);
    const { sessionId } = await startSession({
      userId: kim.userId,
      method: "password",
      userAgent: null,
      address: "198.51.100.9",
      deviceToken: "a".repeat(22),
      now: T0,
    });
    const strongAt = async () => (await checkSession({ sessionId, userId: kim.userId, now: at(2) }))!.strongAuthAt;
    expect(await stepUp({ userId: kim.userId, sessionId, code: code!, now: at(1) })).toBeNull();
    expect(await redeemRecoveryCode({ userId: kim.userId, code: code! })).toBe(true); // not spent by the step-up
    expect(await stepUp({ userId: kim.userId, sessionId, code: "000000", now: at(1) })).toBeNull();
    expect(await strongAt()).toBeNull();
    expect(await stepUp({ userId: kim.userId, sessionId, code: totpCodeAt(secret, at(1)), now: at(1) })).toBe("totp");
    expect(await strongAt()).toEqual(at(1));
  });
});

describe("removing the last factor while a workspace requires two", () => {
  it("is refused through the enforcement hook, and nothing is removed", async () => {
    const enforcement = await import("./enforcement");
    const liz = await newPerson("liz.enforced");
    await enrolled(liz);
    const spy = vi.spyOn(enforcement, "requiresTwoFactors").mockResolvedValue(true);
    try {
      await expect(removeFactor(liz, { kind: "totp" })).rejects.toMatchObject({ code: "conflict" });
      expect(spy).toHaveBeenCalledWith(liz.userId);
    } finally {
      spy.mockRestore();
    }
    expect(await secondFactorsOf(liz.userId)).toEqual({ totp: true, passkey: false });
    expect(await recoveryCodesLeft(liz.userId)).toBe(10);
  });
});
