import { appendAuditLog } from "@/lib/audit/audit-log";
import { accountEntry } from "@/lib/security/record-security-event";
import { db } from "@/lib/db/client";
import { query, sql } from "@/lib/db/sql";
import { open, seal } from "@/lib/crypto/secret-box";
import { ApiError } from "@/lib/errors";
import type { PersonActor } from "@/lib/people/actor";
import { recoveryCodesForNewFactor } from "./recovery-codes";
import { matchTotp, newTotpSecret, totpUri } from "./totp";

// A person's authenticator app (docs/decisions/036-second-factors.md): one per person, its secret sealed at rest
// (lib/crypto/secret-box.ts). Adding one is two steps: the secret is made and shown (as an otpauth:// URI), and it
// counts only once a code from the app was typed back (`confirmed_at`). A code is accepted once: the time step it
// belongs to must be later than the last one accepted, raised in the same UPDATE that accepts it.

export interface TotpEnrolment {
  /** base32, for typing into an app by hand. */
  secret: string;
  /** otpauth://totp/Relay:<email>?secret=…&issuer=Relay&algorithm=SHA1&digits=6&period=30 */
  uri: string;
}

/** Starts adding an authenticator: a new secret, kept unconfirmed (replacing an earlier unconfirmed one). */
export async function beginTotpEnrolment(actor: PersonActor): Promise<TotpEnrolment> {
  const user = await db().user.findUniqueOrThrow({ where: { id: actor.userId }, select: { email: true } });
  const existing = await db().totpFactor.findUnique({ where: { userId: actor.userId } });
  if (existing?.confirmedAt) throw new ApiError("conflict", "You already have an authenticator: remove it first");
  const secret = newTotpSecret();
  const sealed = seal(secret);
  await db().totpFactor.upsert({
    where: { userId: actor.userId },
    create: { userId: actor.userId, secretSealed: sealed },
    update: { secretSealed: sealed, createdAt: new Date(), lastCounter: null },
  });
  return { secret, uri: totpUri(secret, user.email) };
}

const CONFIRM = query("factors.confirmTotp", {
  text: `UPDATE totp_factors SET confirmed_at = $3, last_counter = $4, last_used_at = $3
    WHERE user_id = $1 AND secret_sealed = $2 AND confirmed_at IS NULL RETURNING user_id`,
});

/**
 * Confirms the authenticator being added with one code from it. A wrong code is 422 on the field `code`; nothing
 * being added is 409. The secret must still be the one the code was checked against (a second "add" meanwhile made
 * a new one). The person's first factor comes with recovery codes, returned here the one time they are shown.
 */
export async function confirmTotpEnrolment(
  actor: PersonActor,
  { code, now = new Date() }: { code: string; now?: Date },
): Promise<{ recoveryCodes: string[] | null }> {
  const pending = await db().totpFactor.findUnique({ where: { userId: actor.userId } });
  if (!pending || pending.confirmedAt) throw new ApiError("conflict", "Start adding an authenticator first");
  const counter = matchTotp(open(pending.secretSealed), { code, at: now });
  if (counter === null) throw wrongCode();
  const rows = await sql().query(CONFIRM, [actor.userId, pending.secretSealed, now, counter]);
  if (!rows.length) throw new ApiError("conflict", "The authenticator being added changed: start again");
  await appendAuditLog(sql(), accountEntry(actor.userId, { kind: "factor.totp_added" }));
  return { recoveryCodes: await recoveryCodesForNewFactor(actor.userId) };
}

const wrongCode = () =>
  new ApiError("invalid_body", "That code is not right: type the 6 digits your app shows now", { field: "code" });

const ACCEPT = query("factors.acceptTotp", {
  text: `UPDATE totp_factors SET last_counter = $2, last_used_at = $3
    WHERE user_id = $1 AND confirmed_at IS NOT NULL AND (last_counter IS NULL OR last_counter < $2)
    RETURNING user_id`,
});

/**
 * Whether `code` is a code of the person's confirmed authenticator at `now` not used before. Accepting it raises the
 * last accepted step atomically: two requests with one code, or a code of an earlier step, cannot both pass.
 */
export async function verifyTotp(input: { userId: string; code: string; now?: Date }): Promise<boolean> {
  const now = input.now ?? new Date();
  const factor = await db().totpFactor.findUnique({ where: { userId: input.userId } });
  if (!factor?.confirmedAt) return false;
  const counter = matchTotp(open(factor.secretSealed), { code: input.code, at: now });
  if (counter === null) return false;
  return (await sql().query(ACCEPT, [input.userId, counter, now])).length === 1;
}
