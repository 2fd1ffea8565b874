import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { verifyTotp } from "./authenticator";
import { redeemRecoveryCode } from "./recovery-codes";
import { normalizeTotpCode } from "./totp";
import { verifyPasskey } from "./verify-passkey";

// The second step of a sign-in (after the password), and the check a later step-up asks for: one of the person's
// factors, whichever they gave. A code of six digits is an authenticator code; anything else typed is tried as a
// recovery code. A passkey's assertion comes as the JSON the browser made (@simplewebauthn/browser).

export type SecondFactorMethod = "totp" | "recovery_code" | "passkey";

export interface SecondFactorInput {
  userId: string;
  /** An authenticator code or a recovery code, as typed. */
  code?: string;
  /** A passkey assertion (JSON), answering passkeySignInOptions (lib/factors/verify-passkey.ts). */
  passkey?: string;
  now?: Date;
}

/** Which factor of the person's was proven, or null when none was given or it was wrong (or already used). */
export async function verifySecondFactor({
  userId,
  code,
  passkey,
  now,
}: SecondFactorInput): Promise<SecondFactorMethod | null> {
  if (passkey) {
    const response = parseAssertion(passkey);
    if (!response) return null;
    return (await verifyPasskey({ response, userId, requireUserVerification: false, now })) ? "passkey" : null;
  }
  if (!code?.trim()) return null;
  if (normalizeTotpCode(code)) return (await verifyTotp({ userId, code, now })) ? "totp" : null;
  return (await redeemRecoveryCode({ userId, code, now })) ? "recovery_code" : null;
}

/** A browser's assertion from JSON text, or null: the shape is checked by the verification itself. */
export function parseAssertion(text: string): AuthenticationResponseJSON | null {
  if (text.length > 16_384) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== "object" || typeof (value as { id?: unknown }).id !== "string") return null;
    const response = (value as { response?: unknown }).response;
    if (!response || typeof response !== "object") return null;
    return value as AuthenticationResponseJSON;
  } catch {
    return null;
  }
}
