import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { person, type PersonActor } from "@/lib/people/actor";
import { createPerson } from "@/lib/people/create-person";
import { SoftwareAuthenticator } from "@/test/software-authenticator";
import { listFactors, secondFactorsOf } from "./list-factors";
import { passkeyRegistrationOptions, registerPasskey, renamePasskey } from "./register-passkey";
import { removeFactor } from "./remove-factor";
import { passkeySignInOptions, verifyPasskey } from "./verify-passkey";
import { CHALLENGE_TTL_SECONDS, relyingParty } from "./webauthn";

// Passkeys (issue 34) with real WebAuthn answers: a software authenticator in Node (test/software-authenticator.ts)
// signs what a browser would, and @simplewebauthn/server checks it as it checks a browser's. Refusals: a challenge
// used twice, expired, never given or given for something else, another origin or RP ID, another person's passkey.

const rp = relyingParty();
const ADDRESS = "198.51.100.20";
let ana: PersonActor;
let ben: PersonActor;

beforeAll(async () => {
  const make = async (handle: string) =>
    person(
      (await createPerson({ email: `${handle}@example.com`, name: handle, handle, password: "pw-123456789" })).id,
      "web",
    );
  ana = await make("ana.passkey");
  ben = await make("ben.passkey");
});

/** Registers a new software authenticator's passkey for `actor`. */
async function registered(actor: PersonActor, name = "Laptop") {
  const key = new SoftwareAuthenticator();
  const options = await passkeyRegistrationOptions(actor);
  const result = await registerPasskey(actor, {
    response: key.register({ challenge: options.challenge, origin: rp.origin, rpID: rp.id }),
    name,
  });
  return { key, ...result };
}

/** A sign-in assertion of `key` against fresh options, with `change` applied to what the browser would say. */
async function assertion(key: SoftwareAuthenticator, change: { origin?: string; rpID?: string } = {}) {
  const options = await passkeySignInOptions({ address: ADDRESS });
  expect(options.allowCredentials ?? []).toEqual([]); // discoverable: nobody's credentials named
  return { options, response: key.assert({ challenge: options.challenge, origin: rp.origin, rpID: rp.id, ...change }) };
}

describe("adding a passkey", () => {
  it("keeps the credential's id, public key, counter, transports, device type, backup state and name", async () => {
    const { key, id, recoveryCodes } = await registered(ana, " Ana's laptop ");
    expect(recoveryCodes).toHaveLength(10); // her first factor
    const row = await db().passkey.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      userId: ana.userId,
      credentialId: key.id,
      counter: 0n,
      transports: ["internal"],
      deviceType: "multiDevice",
      backedUp: true,
      name: "Ana's laptop",
      lastUsedAt: null,
    });
    expect(row.publicKey.length).toBeGreaterThan(30);
    expect(await secondFactorsOf(ana.userId)).toEqual({ totp: false, passkey: true });
    expect((await registered(ana, "Phone")).recoveryCodes).toBeNull(); // she has codes already
    expect((await listFactors(ana.userId)).passkeys.map((p) => p.name)).toEqual(["Ana's laptop", "Phone"]);
  });

  it("excludes the person's passkeys from the options, and names the site and the person by id", async () => {
    const options = await passkeyRegistrationOptions(ana);
    expect(options.rp).toEqual({ name: "Relay", id: rp.id });
    expect(options.user.name).toBe("ana.passkey@example.com");
    expect(options.user.id).toBe(Buffer.from(ana.userId.replaceAll("-", ""), "hex").toString("base64url"));
    expect(options.excludeCredentials!.length).toBeGreaterThanOrEqual(2);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required" });
  });

  it("refuses a challenge used twice, another person's, a sign-in one, another origin, and a bad name", async () => {
    const key = new SoftwareAuthenticator();
    const options = await passkeyRegistrationOptions(ana);
    const response = key.register({ challenge: options.challenge, origin: rp.origin, rpID: rp.id });
    await expect(registerPasskey(ana, { response, name: "" })).rejects.toMatchObject({ extras: { field: "name" } });
    await expect(registerPasskey(ben, { response, name: "Ben's?" })).rejects.toMatchObject({ code: "invalid_body" });
    // Ben's try used the challenge up: Ana cannot use it either now.
    await expect(registerPasskey(ana, { response, name: "Mine" })).rejects.toMatchObject({ code: "invalid_body" });

    const signIn = await passkeySignInOptions({ address: ADDRESS });
    const wrongPurpose = key.register({ challenge: signIn.challenge, origin: rp.origin, rpID: rp.id });
    await expect(registerPasskey(ana, { response: wrongPurpose, name: "x" })).rejects.toMatchObject({
      code: "invalid_body",
    });
    const again = await passkeyRegistrationOptions(ana);
    const evil = key.register({ challenge: again.challenge, origin: "https://evil.example", rpID: rp.id });
    await expect(registerPasskey(ana, { response: evil, name: "x" })).rejects.toMatchObject({ code: "invalid_body" });
    expect(await db().passkey.count({ where: { credentialId: key.id } })).toBe(0);
  });
});

describe("signing in with a passkey", () => {
  it("proves its person, once per challenge, and notes its use", async () => {
    const { key, id } = await registered(ben);
    const { response } = await assertion(key);
    expect(await verifyPasskey({ response, requireUserVerification: true })).toEqual({
      userId: ben.userId,
      passkeyId: id,
      credentialId: key.id,
    });
    expect((await db().passkey.findUniqueOrThrow({ where: { id } })).lastUsedAt).not.toBeNull();
    // Replayed: the challenge was used.
    expect(await verifyPasskey({ response, requireUserVerification: true })).toBeNull();
  });

  it("refuses another origin, another RP ID, an unknown challenge, an expired one, and an unverified user when asked", async () => {
    const { key } = await registered(ben, "Key 2");
    const verify = (response: Parameters<typeof verifyPasskey>[0]["response"], now?: Date) =>
      verifyPasskey({ response, requireUserVerification: true, now });
    expect(await verify((await assertion(key, { origin: "https://evil.example" })).response)).toBeNull();
    expect(await verify((await assertion(key, { origin: "http://localhost:4000" })).response)).toBeNull();
    expect(await verify((await assertion(key, { rpID: "evil.example" })).response)).toBeNull();
    const made = key.assert({ challenge: "bm90LW91cnM", origin: rp.origin, rpID: rp.id });
    expect(await verify(made)).toBeNull();

    const old = await assertion(key);
    const later = new Date(Date.now() + (CHALLENGE_TTL_SECONDS + 1) * 1000);
    expect(await verify(old.response, later)).toBeNull();

    const options = await passkeySignInOptions({ address: ADDRESS });
    const presenceOnly = key.assert({
      challenge: options.challenge,
      origin: rp.origin,
      rpID: rp.id,
      userVerified: false,
    });
    expect(await verify(presenceOnly)).toBeNull();
    // After a password, presence is enough.
    const second = await passkeySignInOptions({ address: ADDRESS });
    const present = key.assert({ challenge: second.challenge, origin: rp.origin, rpID: rp.id, userVerified: false });
    expect(
      await verifyPasskey({ response: present, userId: ben.userId, requireUserVerification: false }),
    ).not.toBeNull();
  });

  it("as a second factor, refuses another person's passkey and a removed one", async () => {
    const { key, id } = await registered(ana, "Third");
    expect(
      await verifyPasskey({
        response: (await assertion(key)).response,
        userId: ben.userId,
        requireUserVerification: false,
      }),
    ).toBeNull();
    await removeFactor(ana, { kind: "passkey", id });
    expect(
      await verifyPasskey({ response: (await assertion(key)).response, requireUserVerification: false }),
    ).toBeNull();
  });

  it("refuses a counter that did not grow on an authenticator that counts", async () => {
    const key = new SoftwareAuthenticator(undefined, { counting: true });
    const options = await passkeyRegistrationOptions(ben);
    const { id } = await registerPasskey(ben, {
      response: key.register({ challenge: options.challenge, origin: rp.origin, rpID: rp.id }),
      name: "Counting key",
    });
    expect(
      await verifyPasskey({ response: (await assertion(key)).response, requireUserVerification: true }),
    ).not.toBeNull();
    expect((await db().passkey.findUniqueOrThrow({ where: { id } })).counter).toBe(2n);
    await db().passkey.update({ where: { id }, data: { counter: 100n } }); // as if a clone had signed further
    expect(
      await verifyPasskey({ response: (await assertion(key)).response, requireUserVerification: true }),
    ).toBeNull();
  });
});

describe("sign-in options", () => {
  it("are limited to 30 a minute per address", async () => {
    const address = "203.0.113.99";
    for (let i = 0; i < 30; i++) await passkeySignInOptions({ address });
    await expect(passkeySignInOptions({ address })).rejects.toMatchObject({ code: "too_many_attempts" });
    await passkeySignInOptions({ address: "203.0.113.98" });
  });
});

describe("renaming a passkey", () => {
  it("renames the person's own; another's is not found", async () => {
    const { id } = await registered(ben, "Old name");
    await expect(renamePasskey(ana, { id, name: "Mine now" })).rejects.toMatchObject({ code: "not_found" });
    await expect(renamePasskey(ben, { id: "x", name: "Mine" })).rejects.toMatchObject({ code: "not_found" });
    await renamePasskey(ben, { id, name: "  Work key " });
    expect((await db().passkey.findUniqueOrThrow({ where: { id } })).name).toBe("Work key");
  });
});
