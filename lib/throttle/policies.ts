import type { LockoutPolicy } from "./lockout";
import type { RequestLimitPolicy } from "./request-limit";

// The limits (docs/decisions/016-throttling.md; docs/guides/security.md "Sign-in and credential throttling").

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One account's sign-ins from one address: 10 failures in 15 minutes lock the pair for 15 minutes, doubling. */
export const SIGN_IN_PAIR: LockoutPolicy = {
  name: "sign_in_pair",
  failures: 10,
  windowSeconds: 15 * MINUTE,
  lockSeconds: 15 * MINUTE,
  maxLockSeconds: DAY,
  repeatWithinSeconds: DAY,
};

/** Every sign-in from one address, across accounts (slow guessing, credential stuffing): 100 failures a day. */
export const SIGN_IN_ADDRESS: LockoutPolicy = {
  name: "sign_in_address",
  failures: 100,
  windowSeconds: DAY,
  lockSeconds: DAY,
  maxLockSeconds: DAY,
  repeatWithinSeconds: DAY,
};

/** Bad API keys and personal access tokens from one address: 50 in 10 minutes lock it for 10 minutes, doubling. */
export const CREDENTIALS: LockoutPolicy = {
  name: "credentials",
  failures: 50,
  windowSeconds: 10 * MINUTE,
  lockSeconds: 10 * MINUTE,
  maxLockSeconds: DAY,
  repeatWithinSeconds: DAY,
};

/** OAuth dynamic client registrations from one address (MCP's authorization server): 20 an hour. */
export const OAUTH_REGISTRATIONS: RequestLimitPolicy = { name: "oauth_register", requests: 20, windowSeconds: HOUR };

/** OAuth token requests (codes, refreshes) from one address: 120 a minute. */
export const OAUTH_TOKENS: RequestLimitPolicy = { name: "oauth_token", requests: 120, windowSeconds: MINUTE };

/** Passkey sign-in challenges from one address (each is a row kept five minutes: lib/factors/webauthn.ts): 30 a minute. */
export const PASSKEY_CHALLENGES: RequestLimitPolicy = { name: "passkey_challenge", requests: 30, windowSeconds: MINUTE };
