import { createHash } from "node:crypto";
import { addressKey } from "@/lib/net/client-address";
import { recordSecurityEvent } from "@/lib/security/record-security-event";
import { lockout } from "@/lib/throttle/lockout";
import { SIGN_IN_ADDRESS, SIGN_IN_PAIR } from "@/lib/throttle/policies";

// Sign-in throttling (docs/decisions/016-throttling.md): per (email, address) pair and per address across all
// accounts. Each attempt is counted before the password is checked (so parallel guesses cannot overshoot the limit)
// and given back if it succeeds. A locked pair or address is refused before any password hash is computed, even
// with the right password. Emails are counted whether or not they name an account: same answers, same timing.

/** The attempt was refused: the pair or the address is locked for `retryAfterSeconds` more. */
export class SignInLocked extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed sign-ins; try again in ${retryAfterSeconds} seconds`);
    this.name = "SignInLocked";
  }
}

/**
 * Thrown by `verify` when the password was right but the sign-in needs one more step (a second factor): not a guess,
 * so the attempt is given back, and the error passes on to the caller. The second step's attempt (the password again
 * with a code or a passkey) is counted like any other: a wrong code is a failure of the pair and the address.
 */
export class SignInIncomplete extends Error {}

const locked = (ms: number) => new SignInLocked(Math.max(1, Math.ceil(ms / 1000)));

/** The pair's key: the email hashed (any length, never stored in clear in the counters) and the address's key. */
const pairKey = (email: string, address: string) =>
  `${createHash("sha256").update(email).digest("base64url")}@${addressKey(address)}`;

/**
 * Runs `verify` (the password check) for `email` (trimmed, lower-cased) from `address` unless the pair or the
 * address is locked, and counts its failure. Returns what `verify` returns; throws SignInLocked when refused, and
 * when this failure starts a lockout (the caller learns at once when to try again).
 */
export async function guardSignIn<T>(
  attempt: { email: string; address: string },
  verify: () => Promise<T | null>,
): Promise<T | null> {
  const pair = lockout(SIGN_IN_PAIR);
  const perAddress = lockout(SIGN_IN_ADDRESS);
  const pk = pairKey(attempt.email, attempt.address);
  const ak = addressKey(attempt.address);

  // A lockout this process already knows of is refused without touching the database.
  const known = Math.max(pair.lockedInMemory(pk), perAddress.lockedInMemory(ak));
  if (known > 0) throw locked(known);
  const fromAddress = await perAddress.take(ak);
  if (fromAddress.lockedMs > 0) throw locked(fromAddress.lockedMs);
  const forPair = await pair.take(pk);
  if (forPair.lockedMs > 0) {
    await perAddress.refund(ak); // refused before the password: not a guess
    throw locked(forPair.lockedMs);
  }

  let result: T | null;
  try {
    result = await verify();
  } catch (error) {
    if (error instanceof SignInIncomplete) await Promise.all([pair.refund(pk), perAddress.refund(ak)]);
    throw error;
  }
  if (result !== null) {
    await Promise.all([pair.clear(pk), perAddress.refund(ak)]);
    return result;
  }

  const lockouts: Promise<number>[] = [];
  if (pair.reachesLimit(forPair)) {
    lockouts.push(
      pair.lock(pk).then(async ({ seconds, lockout: nth }) => {
        await recordSecurityEvent({
          kind: "sign_in_locked",
          email: attempt.email,
          address: attempt.address,
          data: {
            failures: SIGN_IN_PAIR.failures,
            window_seconds: SIGN_IN_PAIR.windowSeconds,
            locked_seconds: seconds,
            lockout: nth,
          },
        });
        return seconds;
      }),
    );
  }
  if (perAddress.reachesLimit(fromAddress)) {
    lockouts.push(
      perAddress.lock(ak).then(async ({ seconds, lockout: nth }) => {
        await recordSecurityEvent({
          kind: "sign_in_address_locked",
          email: attempt.email,
          address: attempt.address,
          data: {
            failures: SIGN_IN_ADDRESS.failures,
            window_seconds: SIGN_IN_ADDRESS.windowSeconds,
            locked_seconds: seconds,
            lockout: nth,
          },
        });
        return seconds;
      }),
    );
  }
  if (lockouts.length) throw new SignInLocked(Math.max(...(await Promise.all(lockouts))));
  return null;
}
