import { auditLogData } from "@/lib/audit/audit-log";
import { accountEntry } from "@/lib/security/record-security-event";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import type { SystemActor } from "@/lib/people/actor";

/**
 * The operator's remedy for a person who lost every passkey, their authenticator and their recovery codes (`npm run
 * cli -- person reset-factors`): all of them removed, and every session of theirs signed out (whoever holds one may be
 * the reason). Not through removeFactor, deliberately: the operator decides, whatever a workspace requires; such a
 * person is asked to add a factor again where one is required.
 */
export async function resetFactors(
  _actor: SystemActor,
  { email }: { email: string },
): Promise<{ user_id: string; passkeys: number; authenticator: boolean; recovery_codes: number; sessions: number }> {
  const user = await db().user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) throw new ApiError("not_found", "No person has this email");
  const userId = user.id;
  const [passkeys, totp, codes, sessions] = await db().$transaction([
    db().passkey.deleteMany({ where: { userId } }),
    db().totpFactor.deleteMany({ where: { userId, confirmedAt: { not: null } } }),
    db().recoveryCode.deleteMany({ where: { userId, usedAt: null } }),
    db().personSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } }),
    db().auditLogEntry.create({ data: auditLogData(accountEntry(userId, { kind: "factor.reset", by: "operator" })) }),
  ]);
  return {
    user_id: userId,
    passkeys: passkeys.count,
    authenticator: totp.count > 0,
    recovery_codes: codes.count,
    sessions: sessions.count,
  };
}
