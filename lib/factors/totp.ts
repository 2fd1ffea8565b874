import * as OTPAuth from "otpauth";

// Authenticator codes (TOTP, RFC 6238) as every authenticator app makes them: SHA-1, 6 digits, a new code every 30 s.
// A code of the step before or after the current one is accepted too (clocks drift); which step matched is returned,
// so the caller can refuse a step already used (lib/factors/authenticator.ts).

export const TOTP_ISSUER = "Relay";
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;

/** A new secret: 160 random bits (RFC 4226's recommendation), in base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = "") =>
  new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** The otpauth:// URI an authenticator app reads (as a QR code, or pasted), labelled with the person's e-mail. */
export const totpUri = (secret: string, label: string): string => totpOf(secret, label).toString();

/** A code as typed: spaces and dashes dropped; null unless six digits remain. */
export function normalizeTotpCode(code: string): string | null {
  const digits = code.replace(/[\s-]/g, "");
  return new RegExp(`^\\d{${DIGITS}}$`).test(digits) ? digits : null;
}

/** The time step (counter) whose code `code` is, within one step of `at`; null when it is none of them. */
export function matchTotp(secret: string, { code, at }: { code: string; at: Date }): number | null {
  const token = normalizeTotpCode(code);
  if (!token) return null;
  const totp = totpOf(secret);
  const timestamp = at.getTime();
  const delta = totp.validate({ token, timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** The code of `secret` at `at` (tests, and nothing else: the server never shows a code). */
export const totpCodeAt = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });
