import { db } from "@/lib/db/client";
import { checkSession } from "@/lib/sessions/check-session";

export interface SignedInPerson {
  id: string;
  email: string;
  name: string;
  handle: string;
  /** The person_sessions row of this browser's sign-in ("this device" on the Security page). */
  sessionId?: string;
  /** When this session last checked a passkey or an authenticator code (step-up: lib/sessions/strong-auth.ts). */
  strongAuthAt?: Date | null;
}

/**
 * The person a decoded session names, or null: a token without a session row (made before sessions were recorded),
 * or whose row is revoked, missing or another person's, signs nobody in; a deleted account neither. Each call is
 * one check of the row (which notes the session as seen, at most once a minute) and one read of the person.
 */
export async function sessionPerson(
  session: { userId?: string | null; sessionId?: string | null },
  now: Date = new Date(),
): Promise<SignedInPerson | null> {
  const { userId, sessionId } = session;
  if (!userId || !sessionId) return null;
  const live = await checkSession({ sessionId, userId, now });
  if (!live) return null;
  const person = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, handle: true },
  });
  return person && { ...person, sessionId: live.id, strongAuthAt: live.strongAuthAt };
}
