import { describe, expect, it } from "vitest";
import {
  secondFactorRequiredCode,
  secondFactorsAsked,
  signInErrorMessage,
  signInLockedCode,
  waitPhrase,
} from "./sign-in-errors";

describe("sign-in error messages", () => {
  it("says when to try again after a lockout, in minutes or hours", () => {
    expect(signInErrorMessage(signInLockedCode(900))).toBe("Too many failed sign-ins. Try again in 15 minutes.");
    expect(signInErrorMessage(signInLockedCode(59.2))).toBe("Too many failed sign-ins. Try again in 1 minute.");
    expect(waitPhrase(3600)).toBe("60 minutes");
    expect(waitPhrase(7200)).toBe("2 hours");
    expect(waitPhrase(16 * 3600 + 61)).toBe("16 hours and 2 minutes");
    expect(waitPhrase(86_400)).toBe("24 hours");
  });

  it("shows only known sentences, whatever a crafted link carries", () => {
    expect(signInErrorMessage("CredentialsSignin")).toBe("Wrong email or password.");
    expect(signInErrorMessage("Your account is closed, call +1 555")).toBe("Sign-in failed. Try again.");
    expect(signInErrorMessage("TooManySignIns:abc")).toBe("Sign-in failed. Try again.");
    expect(signInErrorMessage(undefined)).toBe("Sign-in failed. Try again.");
  });

  it("tells the form which second factors to ask for, and nothing else from a crafted code", () => {
    const code = secondFactorRequiredCode({ totp: true, passkey: true });
    expect(code).toBe("SecondFactorRequired:totp,passkey");
    expect(secondFactorsAsked(code)).toEqual({ totp: true, passkey: true });
    expect(secondFactorsAsked(secondFactorRequiredCode({ totp: false, passkey: true }))).toEqual({
      totp: false,
      passkey: true,
    });
    expect(secondFactorsAsked("SecondFactorRequired:sms")).toBeNull();
    expect(secondFactorsAsked("CredentialsSignin")).toBeNull();
    expect(signInErrorMessage(code)).toBe("Sign in again, then confirm with your second factor.");
  });
});
