"use server";

import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { ApiError } from "@/lib/errors";
import { beginTotpEnrolment, confirmTotpEnrolment, type TotpEnrolment } from "@/lib/factors/authenticator";
import { regenerateRecoveryCodes } from "@/lib/factors/recovery-codes";
import { passkeyRegistrationOptions, registerPasskey, renamePasskey } from "@/lib/factors/register-passkey";
import { removeFactor } from "@/lib/factors/remove-factor";
import { confirmStepUp } from "@/lib/factors/step-up-gate";
import { revokeOtherSessions, revokeSession } from "@/lib/sessions/revoke-session";
import { formAction, plainAction } from "@/app/_lib/action";

// The Security page's mutations (app/(settings)/settings/security/page.tsx), each one domain function as the
// signed-in person (app/_lib/action.ts). Passkeys, the authenticator app, recovery codes and sessions are the
// person's own: an id of anyone else's is "not found". Recovery codes and a new authenticator's secret come back once,
// in the answer; only their hashes (or the sealed secret) are stored.

const PATH = "/settings/security";

/** A passkey registration's options (a fresh challenge), for the browser's ceremony; a refusal in words. */
export const passkeyRegistration = plainAction(() => ({
  path: PATH,
  run: async (actor): Promise<{ options: PublicKeyCredentialCreationOptionsJSON } | { error: string }> => ({
    options: await passkeyRegistrationOptions(actor),
  }),
  refused: (error: ApiError) => ({ error: error.message }),
}));

/** Keeps the passkey the browser made (its response, as JSON) under the name typed; recovery codes with the first. */
export const addPasskey = plainAction((name: string, response: string) => ({
  path: PATH,
  args: { name },
  run: async (actor): Promise<{ recoveryCodes: string[] | null } | { error: string }> => {
    const parsed = parseRegistration(response);
    const added = await registerPasskey(actor, { response: parsed, name });
    return { recoveryCodes: added.recoveryCodes };
  },
  refused: (error: ApiError) => ({ error: error.message }),
}));

function parseRegistration(text: string): RegistrationResponseJSON {
  try {
    if (text.length <= 65_536) {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === "object") return value as RegistrationResponseJSON;
    }
  } catch {
    // answered below
  }
  throw new ApiError("invalid_body", "The passkey could not be added: try again from this page", { field: "passkey" });
}

export const renamePasskeyAction = formAction((passkeyId: string) => ({
  path: PATH,
  read: (form) => ({ name: form.text("name") }),
  fields: ["name"],
  run: async (actor, { name }) => {
    await renamePasskey(actor, { id: passkeyId, name });
    return { done: "Renamed" };
  },
}));

export const removePasskey = formAction((passkeyId: string) => ({
  path: PATH,
  run: async (actor) => {
    await removeFactor(actor, { kind: "passkey", id: passkeyId });
  },
}));

/** Starts adding an authenticator app: its secret and otpauth:// URI, shown until a code confirms it. */
export const startAuthenticator = formAction(() => ({
  path: PATH,
  run: async (actor): Promise<{ result: TotpEnrolment }> => ({ result: await beginTotpEnrolment(actor) }),
  refresh: false as const,
}));

/**
 * Confirms the authenticator with one code from it; recovery codes with the first factor. The page is not rendered
 * again here (it would replace the form, and the codes with it): the form does so once the person saved them.
 */
export const confirmAuthenticator = formAction(() => ({
  path: PATH,
  read: (form) => ({ code: form.text("code") }),
  fields: ["code"],
  run: async (actor, { code }) => {
    const { recoveryCodes } = await confirmTotpEnrolment(actor, { code });
    return { done: "Authenticator added", result: { recoveryCodes } };
  },
  refresh: false as const,
}));

export const removeAuthenticator = formAction(() => ({
  path: PATH,
  run: async (actor) => {
    await removeFactor(actor, { kind: "totp" });
  },
}));

/** Ten new recovery codes, shown once; the old ones stop working. */
export const regenerateCodes = formAction(() => ({
  path: PATH,
  run: async (actor) => ({ result: { recoveryCodes: await regenerateRecoveryCodes(actor.userId) } }),
}));

/** Signs one of the person's sessions out: its next request is signed out. */
export const signOutSession = formAction((sessionId: string) => ({
  path: PATH,
  run: async (actor) => {
    await revokeSession(actor, sessionId);
    return { done: "Signed out" };
  },
}));

/** Signs out every other browser of the person's: all their sessions but this one (the page binds its id). */
export const signOutOtherSessions = formAction((currentSessionId: string) => ({
  path: PATH,
  run: async (actor) => {
    const count = await revokeOtherSessions(actor, { keep: currentSessionId });
    return { done: count === 1 ? "1 other session signed out" : `${count} other sessions signed out` };
  },
}));

/**
 * "Confirm it's you" on a page whose changes the workspace guards with step-up (components/chat/step-up-confirm.tsx):
 * a passkey or an authenticator code, which the session then counts for 5 minutes.
 */
export const confirmItsYou = formAction(() => ({
  path: PATH,
  read: (form) => ({ stepUpCode: form.text("stepUpCode"), stepUpPasskey: form.text("stepUpPasskey") }),
  fields: ["stepUpCode"],
  run: async (actor, { stepUpCode, stepUpPasskey }) => {
    await confirmStepUp(actor, { proof: { code: stepUpCode, passkey: stepUpPasskey || undefined } });
    return { done: "Confirmed" };
  },
}));
