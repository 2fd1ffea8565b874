import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { addressKey } from "@/lib/net/client-address";
import { requestLimit } from "@/lib/throttle/request-limit";
import { PASSKEY_CHALLENGES } from "@/lib/throttle/policies";
import { log } from "@/lib/log";
import { issueChallenge, relyingParty, signedChallenge, takeChallenge, type ApprovalBinding } from "./webauthn";

// Signing in with a passkey (docs/decisions/036-second-factors.md), alone or as the second factor after a password.
// The options name no credential (discoverable credentials: the browser offers the person's passkeys for this site),
// so they can be given to anyone without telling whose passkeys exist; the challenge is stored, used once and
// expires. An assertion is accepted when its challenge is one of ours for sign-in, its origin and RP ID are this
// site's, its credential is a known passkey (the person's, when one is expected) and its signature verifies; a
// counter that did not grow is refused (a cloned authenticator), except passkeys that count nothing (always 0).

/**
 * Options for a passkey sign-in, to anyone: a stored challenge each, so an address may ask for 30 a minute (then 429
 * `too_many_attempts`). `address` is the client's (lib/net/client-address.ts).
 */
export async function passkeySignInOptions({
  address,
  now,
}: {
  address: string;
  now?: Date;
}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return passkeyRequestOptions({
    key: addressKey(address),
    tooMany: "Too many passkey sign-ins from your address",
    now,
  });
}

type AllowCredentials = NonNullable<Parameters<typeof generateAuthenticationOptions>[0]["allowCredentials"]>;

export interface PasskeyRequestOptions {
  /** Whose challenges are counted: PASSKEY_CHALLENGES a minute each (then 429 `too_many_attempts`). */
  key: string;
  /** The refusal's words, before "try again in N seconds". */
  tooMany: string;
  /** The passkeys the browser may offer (a signed-in person's, for step-up); none: any of this site's. */
  credentials?: AllowCredentials;
  /** An approval's passkey: the challenge is derived from what it approves, for this person (purpose `approve`). */
  approval?: { userId: string; binding: ApprovalBinding };
  now?: Date;
}

/** Options for a passkey assertion (of sign-in's purpose, or an approval's): a stored challenge each, counted per `key`. */
export async function passkeyRequestOptions({
  key,
  tooMany,
  credentials,
  approval,
  now,
}: PasskeyRequestOptions): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const waitMs = await requestLimit(PASSKEY_CHALLENGES).take(key);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new ApiError("too_many_attempts", `${tooMany}: try again in ${seconds} seconds`, { retryAfter: seconds });
  }
  return generateAuthenticationOptions({
    rpID: relyingParty().id,
    challenge: approval
      ? await issueChallenge("approve", { userId: approval.userId, binding: approval.binding, now })
      : await issueChallenge("sign_in", { now }),
    userVerification: "preferred",
    ...(credentials && { allowCredentials: credentials }),
  });
}

export interface VerifyPasskeyInput {
  response: AuthenticationResponseJSON;
  /** The person the passkey must be of (the second factor after their password); none: whoever it is of. */
  userId?: string;
  /**
   * A passkey alone signs in only with user verification (PIN, biometrics): something held and something known or
   * been. After a password, presence is enough.
   */
  requireUserVerification: boolean;
  now?: Date;
}

/** The person and passkey an assertion proves, or null (logged) when it proves nothing. */
export async function verifyPasskey(input: VerifyPasskeyInput): Promise<ProvenPasskey | null> {
  const challenge = signedChallenge(input.response?.response?.clientDataJSON);
  // The challenge is used up first, whatever follows: a refused assertion cannot be tried again.
  if (!(await takeChallenge(challenge, { purpose: "sign_in", now: input.now }))) return refuse("unknown challenge");
  return checkAssertion(challenge, input);
}

/**
 * An approval's passkey (docs/decisions/037): its challenge must be one of `userId`'s of purpose `approve`, made for
 * this very item and these very digests (the item as seen, and what approving sends now); then checked as any. The
 * passkey proven and the challenge's nonce (kept with the assertion, to recompute the challenge offline), or null.
 */
export async function verifyApprovalPasskey(
  input: Omit<VerifyPasskeyInput, "requireUserVerification" | "userId"> & { userId: string; binding: ApprovalBinding },
): Promise<(ProvenPasskey & { nonce: string }) | null> {
  const challenge = signedChallenge(input.response?.response?.clientDataJSON);
  const row = await takeChallenge(challenge, { purpose: "approve", userId: input.userId, now: input.now });
  if (!row?.nonce) return refuse("unknown challenge");
  const { binding } = input;
  if (row.draftId !== binding.draftId) return refuse("another item's challenge");
  if (row.seenDigest !== binding.seenDigest || row.sentDigest !== binding.sentDigest)
    return refuse("the item or the text changed since the challenge was made");
  const proven = await checkAssertion(challenge, { ...input, requireUserVerification: false });
  return proven && { ...proven, nonce: row.nonce };
}

export interface ProvenPasskey {
  userId: string;
  passkeyId: string;
  credentialId: string;
}

/** The signature and counter of an assertion whose challenge was taken; the passkey it proves, or null. */
async function checkAssertion(challenge: string, input: VerifyPasskeyInput): Promise<ProvenPasskey | null> {
  const { response } = input;
  if (typeof response.id !== "string" || response.id.length > 1400) return refuse("malformed credential id");
  const passkey = await db().passkey.findUnique({ where: { credentialId: response.id } });
  if (!passkey) return refuse("unknown credential");
  if (input.userId !== undefined && passkey.userId !== input.userId) return refuse("another person's credential");
  const rp = relyingParty();
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: Number(passkey.counter),
        transports: passkey.transports as Transports,
      },
      requireUserVerification: input.requireUserVerification,
    });
  } catch (error) {
    // The library throws for every refusal (origin, RP ID, signature, counter, user verification, a malformed answer).
    return refuse((error as Error).message);
  }
  if (!verified.verified) return refuse("not verified");
  // The counter moves only forward (a concurrent use with a higher count wins).
  const newCounter = BigInt(verified.authenticationInfo.newCounter);
  await db().passkey.updateMany({
    where: { id: passkey.id, counter: { lte: newCounter } },
    data: { counter: newCounter, lastUsedAt: input.now ?? new Date() },
  });
  return { userId: passkey.userId, passkeyId: passkey.id, credentialId: passkey.credentialId };
}

/** The transports a stored passkey lists (kept as the browser named them). */
type Transports = Parameters<typeof verifyAuthenticationResponse>[0]["credential"]["transports"];

function refuse(why: string): null {
  log().info({ why: why.slice(0, 200) }, "passkey assertion refused");
  return null;
}
