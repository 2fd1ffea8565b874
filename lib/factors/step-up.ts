import { markStrongAuth } from "@/lib/sessions/strong-auth";
import { normalizeTotpCode } from "./totp";
import { verifySecondFactor, type SecondFactorInput, type SecondFactorMethod } from "./verify-second-factor";

// Step-up (docs/decisions/036-second-factors.md), for the work that needs a fresh strong check (approving with a
// passkey, changing factors): the person proves a passkey or an authenticator code again, and their session
// remembers when (`strong_auth_at`). The door then asks `strongAuthIsFresh(person.strongAuthAt, { maxAgeSeconds })`
// (lib/sessions/strong-auth.ts) of the SignedInPerson.

/**
 * Checks a passkey or an authenticator code of the person (a recovery code does not count as strong) and, when it
 * holds, marks the session `sessionId` as strongly checked now. The method proven, or null (nothing marked).
 */
export async function stepUp(
  input: SecondFactorInput & { sessionId: string },
): Promise<Exclude<SecondFactorMethod, "recovery_code"> | null> {
  // Only a passkey or an authenticator code: a recovery code is neither tried nor spent.
  if (!input.passkey && !normalizeTotpCode(input.code ?? "")) return null;
  const method = await verifySecondFactor(input);
  if (method !== "totp" && method !== "passkey") return null;
  const marked = await markStrongAuth({ sessionId: input.sessionId, userId: input.userId, at: input.now });
  return marked ? method : null;
}
