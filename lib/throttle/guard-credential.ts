import { ApiError } from "@/lib/errors";
import { addressKey } from "@/lib/net/client-address";
import { recordSecurityEvent } from "@/lib/security/record-security-event";
import { lockout } from "./lockout";
import { CREDENTIALS } from "./policies";

// Failed API keys and personal access tokens, per client address (docs/decisions/016-throttling.md). A request
// without any credential is not a guess and is not counted; a malformed, unknown or revoked one is. While an address
// is locked its requests are refused before any lookup; the lockout is looked up (memory, then a read) only on the
// way to a credential lookup, so a bot whose key this process has cached never pays for it.

export type CredentialKind = "api_key" | "access_token";

export function tooManyAttempts(lockedMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(lockedMs / 1000));
  return new ApiError(
    "too_many_attempts",
    `Too many failed API keys or access tokens from your address: try again in ${seconds} seconds`,
    { retryAfter: seconds },
  );
}

export interface GuardCredentialOptions<T> {
  kind: CredentialKind;
  /** Finds what the credential stands for; null when it stands for nothing (a failure). */
  lookup: () => Promise<T | null>;
}

/**
 * Runs `lookup` for a credential presented from `address` unless the address is locked (then throws 429
 * `too_many_attempts`); counts a null result as a failure, and the 50th failure locks the address.
 */
export async function guardCredential<T>(
  address: string,
  { kind, lookup }: GuardCredentialOptions<T>,
): Promise<T | null> {
  const limiter = lockout(CREDENTIALS);
  const key = addressKey(address);
  const lockedMs = await limiter.lockedFor(key);
  if (lockedMs > 0) throw tooManyAttempts(lockedMs);
  const found = await lookup();
  if (found !== null) return found;
  const taken = await limiter.take(key);
  if (limiter.reachesLimit(taken)) {
    const { seconds, lockout: nth } = await limiter.lock(key);
    await recordSecurityEvent({
      kind: "credentials_locked",
      address,
      data: {
        failures: CREDENTIALS.failures,
        window_seconds: CREDENTIALS.windowSeconds,
        locked_seconds: seconds,
        lockout: nth,
        last_credential: kind,
      },
    });
  }
  return null;
}
