import { randomUUID } from "node:crypto";
import { auditLogData } from "@/lib/audit/audit-log";
import { accountEntry } from "@/lib/security/record-security-event";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { log } from "@/lib/log";
import type { PersonActor } from "@/lib/people/actor";
import { recoveryCodesForNewFactor } from "./recovery-codes";
import { issueChallenge, relyingParty, signedChallenge, takeChallenge } from "./webauthn";

// A signed-in person adds a passkey (docs/decisions/036-second-factors.md): the browser gets options with a fresh
// challenge, makes a credential, and the response is checked against that challenge, this site's origin and RP ID.
// Passkeys are discoverable (resident keys), so one can sign in without an e-mail typed first; the WebAuthn user
// handle is the person's id (no e-mail or name in it).

export const PASSKEY_NAME_MAX = 60;

export async function passkeyRegistrationOptions(actor: PersonActor): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const [user, existing] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: actor.userId }, select: { id: true, email: true, name: true } }),
    db().passkey.findMany({ where: { userId: actor.userId }, select: { credentialId: true, transports: true } }),
  ]);
  const rp = relyingParty();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new Uint8Array(Buffer.from(user.id.replaceAll("-", ""), "hex")),
    challenge: await issueChallenge("register", { userId: actor.userId }),
    attestationType: "none",
    // The same authenticator twice would replace its own credential: the browser skips these.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
}

export function passkeyName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > PASSKEY_NAME_MAX)
    throw new ApiError("invalid_body", `A passkey's name must be 1 to ${PASSKEY_NAME_MAX} characters`, {
      field: "name",
    });
  return trimmed;
}

const refused = () =>
  new ApiError("invalid_body", "The passkey could not be added: try again from this page", { field: "passkey" });

/**
 * Checks the browser's answer to passkeyRegistrationOptions and keeps the passkey under `name`. Refused (422) when
 * the challenge is not one this person was given (or was used, or expired), or the answer is for another origin or
 * RP ID, or does not verify. The person's first factor comes with recovery codes, returned the one time they are shown.
 */
export async function registerPasskey(
  actor: PersonActor,
  input: { response: RegistrationResponseJSON; name: string; now?: Date },
): Promise<{ id: string; recoveryCodes: string[] | null }> {
  const name = passkeyName(input.name);
  const challenge = signedChallenge(input.response?.response?.clientDataJSON);
  if (!(await takeChallenge(challenge, { purpose: "register", userId: actor.userId, now: input.now }))) throw refused();
  const rp = relyingParty();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    log().info({ err: error }, "passkey registration refused");
    throw refused();
  }
  if (!verified.verified) throw refused();
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  if (await db().passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } }))
    throw new ApiError("conflict", "This passkey is already added");
  const id = randomUUID();
  const create = db().passkey.create({
    data: {
      id,
      userId: actor.userId,
      credentialId: credential.id,
      publicKey: new Uint8Array(credential.publicKey),
      counter: BigInt(credential.counter),
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name,
    },
  });
  const entry = accountEntry(actor.userId, { kind: "factor.passkey_added", subject: { type: "passkey", id } });
  const [row] = await db().$transaction([create, db().auditLogEntry.create({ data: auditLogData(entry) })]);
  return { id: row.id, recoveryCodes: await recoveryCodesForNewFactor(actor.userId) };
}

/** Renames one of the person's passkeys; someone else's is "not found". */
export async function renamePasskey(actor: PersonActor, input: { id: string; name: string }): Promise<void> {
  const name = passkeyName(input.name);
  if (!isUuid(input.id)) throw new ApiError("not_found", "Passkey not found");
  const { count } = await db().passkey.updateMany({
    where: { id: input.id.toLowerCase(), userId: actor.userId },
    data: { name },
  });
  if (count !== 1) throw new ApiError("not_found", "Passkey not found");
}
