import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import type { PersonActor } from "@/lib/people/actor";
import { strongAuthIsFresh } from "@/lib/sessions/strong-auth";
import { stepUp } from "./step-up";
import { passkeyRequestOptions, type PasskeyRequestOptions } from "./verify-passkey";

// Step-up before an approval takes effect (issue 34 item 2; docs/decisions/037-enforcement-and-step-up.md): an item
// a rule held with `stepUp`, or any item of a workspace whose setting says so, is approved only by a browser session
// that checked a passkey or an authenticator code within the last 5 minutes. The person gives one with the approval
// itself (the card asks for it), and the session remembers it for the next 5 minutes. An assistant (MCP) or the CLI
// has no such session: they cannot approve such an item, and say so.

export const STEP_UP_SECONDS = 5 * 60;

/** A passkey or authenticator check given with the approval (the card's). */
export interface StepUpProof {
  code?: string;
  /** The assertion's JSON, answering stepUpPasskeyOptions. */
  passkey?: string;
}

/**
 * Refuses unless the acting session checked a strong factor within STEP_UP_SECONDS, or `proof` is one (checked
 * here: the session is then marked, so the next approvals within 5 minutes need none).
 */
export async function requireFreshFactor(actor: PersonActor, { proof, now = new Date() }: { proof?: StepUpProof; now?: Date }) {
  const session = actor.session;
  if (!session)
    throw new ApiError(
      "forbidden",
      "This item needs a fresh passkey or authenticator check, which only the chat can ask for: approve it there",
      { reasons: ["step_up_required"] },
    );
  if (strongAuthIsFresh(session.strongAuthAt, { maxAgeSeconds: STEP_UP_SECONDS, now })) return;
  if (proof && (proof.code?.trim() || proof.passkey)) {
    const method = await stepUp({ userId: actor.userId, sessionId: session.id, code: proof.code, passkey: proof.passkey, now });
    if (method) return;
    throw new ApiError("forbidden", "That check did not go through: try your passkey or a new code again", {
      reasons: ["step_up_required"],
      field: "step_up_code",
    });
  }
  throw new ApiError(
    "forbidden",
    "Approving this needs a fresh check: confirm with your passkey or a code from your authenticator app",
    { reasons: ["step_up_required"] },
  );
}

/**
 * Options for a passkey check of a signed-in person (step-up): their own passkeys only; a stored challenge each, so
 * a person may ask for 30 a minute (then 429 `too_many_attempts`).
 */
export async function stepUpPasskeyOptions(actor: PersonActor): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await db().passkey.findMany({
    where: { userId: actor.userId },
    select: { credentialId: true, transports: true },
  });
  if (passkeys.length === 0) throw new ApiError("conflict", "You have no passkey: use a code from your authenticator app");
  return passkeyRequestOptions({
    key: `step-up:${actor.userId}`,
    tooMany: "Too many passkey checks",
    credentials: passkeys.map((p) => ({
      id: p.credentialId,
      transports: p.transports as NonNullable<PasskeyRequestOptions["credentials"]>[number]["transports"],
    })),
  });
}
