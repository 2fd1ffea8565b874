import { createHash, randomBytes } from "node:crypto";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { db } from "@/lib/db/client";
import { env, type Env } from "@/lib/env";
import type { WebauthnChallenge } from "@/lib/generated/prisma/client";

// What every WebAuthn ceremony shares (docs/decisions/036-second-factors.md): the relying party and the challenges.
//
// The relying party is the site people sign in to: NEXTAUTH_URL's origin, else APP_URL's (which defaults to
// http://localhost:PORT), the origin next-auth itself uses (lib/auth/next-auth-environment.ts). Its ID is that origin's
// host name; browsers refuse an IP address there, so local use and the e2e tests reach the app as `localhost`.
//
// Challenges are 32 random bytes, kept server-side for five minutes and deleted by the check that uses them: each
// is used once, and a check finds its challenge by the one the browser signed (clientDataJSON), for the purpose it
// was made for.

export interface RelyingParty {
  name: string;
  id: string;
  origin: string;
}

export function relyingParty(config: Pick<Env, "NEXTAUTH_URL" | "APP_URL"> = env()): RelyingParty {
  const url = new URL(config.NEXTAUTH_URL ?? config.APP_URL);
  return { name: "Relay", id: url.hostname, origin: url.origin };
}

export type ChallengePurpose = "register" | "sign_in" | "approve";
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/** What an approval's challenge is bound to (purpose `approve`): the item and the digests seen and to be sent. */
export interface ApprovalBinding {
  draftId: string;
  /** The item's content digest as the person saw it (lib/drafts/content-digest.ts), hex. */
  seenDigest: string;
  /** The digest of what approving sends (lib/policy/decide.ts, contentDigest), hex. */
  sentDigest: string;
}

export const APPROVAL_CHALLENGE_CONTEXT = "relay-approval-v1";

/**
 * An approval's challenge: SHA-256("relay-approval-v1" || seen || sent || nonce), the two digests and the nonce as
 * their bytes (docs/decisions/037). Anyone holding the three can recompute it, so an assertion over it proves the
 * person approved exactly that content.
 */
export function approvalChallengeBytes({
  seenDigest,
  sentDigest,
  nonce,
}: Omit<ApprovalBinding, "draftId"> & { nonce: string }) {
  const hash = createHash("sha256").update(APPROVAL_CHALLENGE_CONTEXT);
  for (const hex of [seenDigest, sentDigest, nonce]) hash.update(Buffer.from(hex, "hex"));
  return new Uint8Array(hash.digest());
}

/**
 * A new challenge's bytes, stored for `purpose` (and the person, when one is signed in). An approval's (`binding`) is
 * derived from what it approves and a fresh nonce; any other is 32 random bytes.
 */
export async function issueChallenge(
  purpose: ChallengePurpose,
  { userId, binding, now = new Date() }: { userId?: string; binding?: ApprovalBinding; now?: Date } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const nonce = binding ? randomBytes(32).toString("hex") : null;
  const bytes = new Uint8Array(binding ? approvalChallengeBytes({ ...binding, nonce: nonce! }) : randomBytes(32));
  // Expired challenges are cleared as new ones are made: the table holds five minutes' worth at most.
  await db().webauthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } });
  await db().webauthnChallenge.create({
    data: {
      challenge: isoBase64URL.fromBuffer(bytes),
      purpose,
      userId: userId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
      ...(binding && { ...binding, nonce }),
    },
  });
  return bytes;
}

/**
 * Uses up the challenge a browser signed (base64url, from its clientDataJSON): its row once, when it was made for
 * this purpose (and person) and has not expired, else null. Deleted either way, so it cannot be tried again.
 */
export async function takeChallenge(
  challenge: string,
  { purpose, userId, now = new Date() }: { purpose: ChallengePurpose; userId?: string; now?: Date },
): Promise<WebauthnChallenge | null> {
  if (!challenge || challenge.length > 200) return null;
  const found = await db().webauthnChallenge.findUnique({ where: { challenge } });
  if (!found) return null;
  const { count } = await db().webauthnChallenge.deleteMany({ where: { id: found.id } });
  const valid = count === 1 && found.purpose === purpose && found.userId === (userId ?? null) && found.expiresAt > now;
  return valid ? found : null;
}

/** The challenge a response's clientDataJSON says the browser signed, or "" when it is not readable. */
export function signedChallenge(clientDataJSON: unknown): string {
  try {
    const parsed = JSON.parse(Buffer.from(String(clientDataJSON), "base64url").toString("utf8")) as unknown;
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" ? challenge : "";
  } catch {
    return "";
  }
}
