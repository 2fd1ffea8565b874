// What the sign-in page says for each error next-auth reports (its `error` query parameter, or signIn()'s result).
// A lockout travels as `TooManySignIns:<seconds to wait>`; only the number is read from it, so a crafted link can
// show nothing but this sentence. No message tells whether an account exists.

const TOO_MANY_SIGN_INS = "TooManySignIns";
const SECOND_FACTOR_REQUIRED = "SecondFactorRequired";
/** The code of a sign-in that failed on our side (logged on the server; its details never reach the URL). */
export const SIGN_IN_UNAVAILABLE = "SignInUnavailable";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  SessionRequired: "Sign in to continue.",
  [SIGN_IN_UNAVAILABLE]: "Sign-in is unavailable right now. Try again in a moment.",
  OAuthAccountNotLinked:
    "No Relay account uses this email, or the provider did not verify it. Ask a workspace admin to invite you.",
};

/** The error authorize() throws for a refused attempt: next-auth passes its message on as the error code. */
export const signInLockedCode = (retryAfterSeconds: number) => `${TOO_MANY_SIGN_INS}:${Math.ceil(retryAfterSeconds)}`;

/** The second factors a person may give after their password. */
export interface SecondFactorsAsked {
  totp: boolean;
  passkey: boolean;
}

/**
 * The error authorize() throws when the password was right and the person has a second factor: the form then asks
 * for it (`SecondFactorRequired:totp,passkey`, naming the kinds the person has; a recovery code is always possible).
 */
export const secondFactorRequiredCode = ({ totp, passkey }: SecondFactorsAsked) =>
  `${SECOND_FACTOR_REQUIRED}:${[totp && "totp", passkey && "passkey"].filter(Boolean).join(",")}`;

/** The factors a `SecondFactorRequired` code asks for; null for any other code. */
export function secondFactorsAsked(code: string | null | undefined): SecondFactorsAsked | null {
  const match = new RegExp(`^${SECOND_FACTOR_REQUIRED}:((?:totp|passkey)(?:,(?:totp|passkey))?)?$`).exec(code ?? "");
  if (!match) return null;
  const kinds = (match[1] ?? "").split(",");
  return { totp: kinds.includes("totp"), passkey: kinds.includes("passkey") };
}

/** "15 minutes", "1 minute", "2 hours", "16 hours and 1 minute". */
export function waitPhrase(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (minutes < 120) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${unit(hours, "hour")} and ${unit(rest, "minute")}` : unit(hours, "hour");
}

export function signInErrorMessage(code: string | null | undefined): string {
  if (!code) return "Sign-in failed. Try again.";
  const lockout = new RegExp(`^${TOO_MANY_SIGN_INS}:(\\d{1,9})$`).exec(code);
  if (lockout) return `Too many failed sign-ins. Try again in ${waitPhrase(Number(lockout[1]))}.`;
  if (secondFactorsAsked(code)) return "Sign in again, then confirm with your second factor.";
  return MESSAGES[code] ?? "Sign-in failed. Try again.";
}
