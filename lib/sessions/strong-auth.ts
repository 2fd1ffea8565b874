import { query, sql } from "@/lib/db/sql";
import { isUuid } from "@/lib/ids";

// Step-up (lib/factors/step-up-gate.ts: approvals and admin changes that need a fresh check): a session remembers
// when it last checked a passkey or an authenticator code (`strong_auth_at`). Sign-in with one sets it (lib/sessions/start-session.ts); a
// later check marks it with `markStrongAuth`, after lib/factors/verify-second-factor.ts accepted the factor.

const MARK = query("sessions.markStrongAuth", {
  text: `UPDATE person_sessions SET strong_auth_at = $3
    WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`,
});

/** Marks the live session `sessionId` of `userId` as having checked a strong factor at `at`; false when not live. */
export async function markStrongAuth(input: { sessionId: string; userId: string; at?: Date }): Promise<boolean> {
  if (!isUuid(input.sessionId) || !isUuid(input.userId)) return false;
  const rows = await sql().query(MARK, [input.sessionId, input.userId, input.at ?? new Date()]);
  return rows.length === 1;
}

/** Whether a session's last strong check (LiveSession.strongAuthAt) is at most `maxAgeSeconds` old at `now`. */
export function strongAuthIsFresh(
  strongAuthAt: Date | null,
  { maxAgeSeconds, now = new Date() }: { maxAgeSeconds: number; now?: Date },
): boolean {
  return strongAuthAt !== null && now.getTime() - strongAuthAt.getTime() <= maxAgeSeconds * 1000;
}
