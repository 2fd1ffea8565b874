import { randomBytes } from "node:crypto";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { db } from "@/lib/db/client";
import { env, type Env } from "@/lib/env";

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

export type ChallengePurpose = "register" | "sign_in";
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/** A new challenge's bytes, stored for `purpose` (and the person, when one is signed in). */
export async function issueChallenge(
  purpose: ChallengePurpose,
  { userId, now = new Date() }: { userId?: string; now?: Date } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(randomBytes(32));
  // Expired challenges are cleared as new ones are made: the table holds five minutes' worth at most.
  await db().webauthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } });
  await db().webauthnChallenge.create({
    data: {
      challenge: isoBase64URL.fromBuffer(bytes),
      purpose,
      userId: userId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
    },
  });
  return bytes;
}

/**
 * Uses up the challenge a browser signed (base64url, from its clientDataJSON): true once, when it was made for this
 * purpose (and person) and has not expired. Deleted either way, so it cannot be tried again.
 */
export async function takeChallenge(
  challenge: string,
  { purpose, userId, now = new Date() }: { purpose: ChallengePurpose; userId?: string; now?: Date },
): Promise<boolean> {
  if (!challenge || challenge.length > 200) return false;
  const found = await db().webauthnChallenge.findUnique({ where: { challenge } });
  if (!found) return false;
  const { count } = await db().webauthnChallenge.deleteMany({ where: { id: found.id } });
  return count === 1 && found.purpose === purpose && found.userId === (userId ?? null) && found.expiresAt > now;
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
