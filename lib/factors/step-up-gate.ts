import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { db } from "@/lib/db/client";
import { query, sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import type { Actor, PersonActor } from "@/lib/people/actor";
import { markStrongAuth, strongAuthIsFresh } from "@/lib/sessions/strong-auth";
import { hasFactorSql } from "./has-factor";
import { stepUp } from "./step-up";
import { parseAssertion } from "./verify-second-factor";
import { passkeyRequestOptions, verifyApprovalPasskey, type PasskeyRequestOptions } from "./verify-passkey";
import type { ApprovalBinding } from "./webauthn";

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

/** What the fresh check is for: approving an item, or an admin change to who may decide (the refusal's words). */
export type StepUpPurpose = "approve" | "change";

/** Without a browser session: the assistant's words (its grant was made without a check), else the CLI's. */
const NO_SESSION = {
  assistant:
    "This item needs a fresh passkey or authenticator check, and this assistant's access was granted without one: " +
    "approve it in the chat, or connect the assistant again after confirming with your passkey or authenticator code",
  approve: "This item needs a fresh passkey or authenticator check, which only the chat can ask for: approve it there",
  change:
    "This workspace asks for a fresh passkey or authenticator check before this change, which only the browser can " +
    "give: make it there",
};
const NOT_FRESH: Record<StepUpPurpose, string> = {
  approve: "Approving this needs a fresh check: confirm with your passkey or a code from your authenticator app",
  change:
    "This workspace asks for a fresh check before changes to who may decide: confirm it is you with your passkey " +
    "or authenticator code (on this page, or Settings → Security), then try again",
};

/**
 * Refuses unless the acting session checked a strong factor within STEP_UP_SECONDS, or `proof` is one (checked
 * here: the session is then marked, so the next approvals within 5 minutes need none). An assistant (MCP) passes
 * only an approval, and only with a grant or token made right after such a check (`strongGrant`).
 */
export async function requireFreshFactor(
  actor: PersonActor,
  { proof, purpose = "approve", now = new Date() }: { proof?: StepUpProof; purpose?: StepUpPurpose; now?: Date },
) {
  const session = actor.session;
  if (!session) {
    if (purpose === "approve" && actor.via === "mcp" && actor.strongGrant) return;
    const words = purpose === "approve" && actor.via === "mcp" ? NO_SESSION.assistant : NO_SESSION[purpose];
    throw new ApiError("forbidden", words, { reasons: ["step_up_required"] });
  }
  if (freshCheckAt(actor, now)) return;
  if (proof && (proof.code?.trim() || proof.passkey)) {
    const method = await stepUp({
      userId: actor.userId,
      sessionId: session.id,
      code: proof.code,
      passkey: proof.passkey,
      now,
    });
    if (method) return;
    throw new ApiError("forbidden", "That check did not go through: try your passkey or a new code again", {
      reasons: ["step_up_required"],
      field: "step_up_code",
    });
  }
  throw new ApiError("forbidden", NOT_FRESH[purpose], { reasons: ["step_up_required"] });
}

/** A page's "Confirm it's you": checks the proof given (a passkey or a code) and marks the session for 5 minutes. */
export async function confirmStepUp(
  actor: PersonActor,
  { proof, now = new Date() }: { proof: StepUpProof; now?: Date },
) {
  if (!proof.code?.trim() && !proof.passkey)
    throw new ApiError("invalid_body", "Type a code from your authenticator app, or use your passkey", {
      field: "step_up_code",
    });
  await requireFreshFactor(actor, { proof, purpose: "change", now });
}

/** Whether the workspace asks a fresh check for every approval and for admin changes to who may decide. */
export async function workspaceStepsUp(workspaceId: string): Promise<boolean> {
  const settings = await db().workspaceSettings.findUnique({ where: { workspaceId }, select: { stepUp: true } });
  return settings?.stepUp === "approvals";
}

/**
 * An admin change to who may decide (rules and approver groups, the policy and second-factor settings, a bot's keys
 * and signing secret, a personal token or an OAuth grant) in a workspace whose `step_up` is `approvals`: the person's
 * session must have checked a strong factor within 5 minutes (the page's "Confirm it's you" gives one). The operator
 * at the command line is trusted with the database, so is never asked.
 */
export async function requireStepUpToChange(actor: Actor, workspaceId: string) {
  if (actor.type !== "person" || !(await workspaceStepsUp(workspaceId))) return;
  await requireFreshFactor(actor, { purpose: "change" });
}

/**
 * When the acting session last checked a strong factor, if within STEP_UP_SECONDS: a grant or token made now
 * remembers it (`strong_at`), and may then approve step-up items through MCP. Null otherwise.
 */
export function freshCheckAt(actor: PersonActor, now = new Date()): Date | null {
  const at = actor.session?.strongAuthAt ?? null;
  return strongAuthIsFresh(at, { maxAgeSeconds: STEP_UP_SECONDS, now }) ? at : null;
}

const HAS_STRONG_FACTOR = query("factors.hasStrongFactor", {
  text: `SELECT ${hasFactorSql("$1")} AS has`,
  notNull: ["has"],
});

/**
 * For a page: whether its changes need a fresh check (the workspace's `step_up`; none without a workspace), whether
 * the person has a factor to give one, and until when the session's last check counts.
 */
export async function stepUpStanding(
  actor: PersonActor,
  { workspaceId, now = new Date() }: { workspaceId?: string; now?: Date },
) {
  const at = freshCheckAt(actor, now);
  const [required, [row]] = await Promise.all([
    workspaceId ? workspaceStepsUp(workspaceId) : false,
    sql().query(HAS_STRONG_FACTOR, [actor.userId]),
  ]);
  return {
    required,
    hasFactor: row!.has,
    freshUntil: at ? new Date(at.getTime() + STEP_UP_SECONDS * 1000) : null,
  };
}

/**
 * Options for a passkey check of a signed-in person (step-up): their own passkeys only; a stored challenge each, so
 * a person may ask for 30 a minute (then 429 `too_many_attempts`).
 */
export async function stepUpPasskeyOptions(
  actor: PersonActor,
  /** For an approval: the challenge is derived from what it approves (approveWithPasskey checks it). */
  binding?: ApprovalBinding,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await db().passkey.findMany({
    where: { userId: actor.userId },
    select: { credentialId: true, transports: true },
  });
  if (passkeys.length === 0)
    throw new ApiError("conflict", "You have no passkey: use a code from your authenticator app");
  return passkeyRequestOptions({
    key: `step-up:${actor.userId}`,
    tooMany: "Too many passkey checks",
    credentials: passkeys.map((p) => ({
      id: p.credentialId,
      transports: p.transports as NonNullable<PasskeyRequestOptions["credentials"]>[number]["transports"],
    })),
    ...(binding && { approval: { userId: actor.userId, binding } }),
  });
}

/** A passkey approval as kept with the approval (`approval_assertions`), for `cli audit verify-approval`. */
export interface ApprovalAssertion {
  credentialId: string;
  nonce: string;
  /** The browser's AuthenticationResponseJSON, parsed. */
  response: AuthenticationResponseJSON;
}

/**
 * Step-up by a passkey whose challenge was made for this approval (stepUpPasskeyOptions with `binding`): checked
 * against the item and digests as they stand under the item's lock, and the session then counts as freshly checked.
 * What to keep with the approval, or a refusal (403 `step_up_required`, beside the card's code field).
 */
export async function approveWithPasskey(
  actor: PersonActor,
  { binding, passkey, now = new Date() }: { binding: ApprovalBinding; passkey: string; now?: Date },
): Promise<ApprovalAssertion> {
  // A passkey is given in a browser only: anything else answers as an approval without a fresh check would.
  if (!actor.session) throw new ApiError("forbidden", NO_SESSION.approve, { reasons: ["step_up_required"] });
  const response = parseAssertion(passkey);
  const proven = response && (await verifyApprovalPasskey({ response, userId: actor.userId, binding, now }));
  if (!proven)
    throw new ApiError(
      "forbidden",
      "That passkey check was not for this item as it stands now: read it again, then approve with your passkey again",
      { reasons: ["step_up_required"], field: "step_up_code" },
    );
  await markStrongAuth({ sessionId: actor.session.id, userId: actor.userId, at: now });
  return { credentialId: proven.credentialId, nonce: proven.nonce, response: response };
}
