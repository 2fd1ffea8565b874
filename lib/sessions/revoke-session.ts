import { auditLogData } from "@/lib/audit/audit-log";
import { accountEntry } from "@/lib/security/record-security-event";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";

/**
 * A person signs one of their sessions out (this browser's or another's); someone else's is "not found". Takes effect
 * on that session's next request (lib/auth/session.ts checks the row each time). Signing out twice keeps the first
 * date.
 */
export async function revokeSession(actor: PersonActor, sessionId: string): Promise<void> {
  const found = isUuid(sessionId)
    ? await db().personSession.findUnique({
        where: { id: sessionId.toLowerCase() },
        select: { id: true, userId: true },
      })
    : null;
  if (!found || found.userId !== actor.userId) throw new ApiError("not_found", "Session not found");
  const entry = accountEntry(actor.userId, { kind: "session.revoked", subject: { type: "session", id: found.id } });
  await db().$transaction([
    db().personSession.updateMany({ where: { id: found.id, revokedAt: null }, data: { revokedAt: new Date() } }),
    db().auditLogEntry.create({ data: auditLogData(entry) }),
  ]);
}

/**
 * The session of a browser that signed out (next-auth's signOut event, with the token it cleared): revoked, so it
 * leaves the person's list and its token, if kept somewhere, signs nobody in.
 */
export async function endSession(input: { sessionId: string; userId: string }): Promise<void> {
  if (!isUuid(input.sessionId) || !isUuid(input.userId)) return;
  await db().personSession.updateMany({
    where: { id: input.sessionId.toLowerCase(), userId: input.userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/**
 * A person signs out every other browser at once ("Sign out everywhere else"): all their live sessions but `keep`
 * (the one asking). Returns how many were signed out.
 */
export async function revokeOtherSessions(actor: PersonActor, { keep }: { keep: string | null }): Promise<number> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.personSession.updateMany({
      where: {
        userId: actor.userId,
        revokedAt: null,
        ...(keep && isUuid(keep) ? { id: { not: keep.toLowerCase() } } : {}),
      },
      data: { revokedAt: new Date() },
    });
    const entry = accountEntry(actor.userId, { kind: "session.revoked_others", facts: { sessions: count } });
    await tx.auditLogEntry.create({ data: auditLogData(entry) });
    return count;
  });
}
