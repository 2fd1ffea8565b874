import { query, sql } from "@/lib/db/sql";
import { isUuid } from "@/lib/ids";

// The check every signed-in request makes (lib/auth/session.ts): the JWT's session row exists, is the token's
// person's and is not revoked. One statement, which also moves `last_seen_at` when it is more than a minute old (so a
// busy session writes at most once a minute).

export interface LiveSession {
  id: string;
  /** The last passkey or authenticator check on this session (step-up), or null. */
  strongAuthAt: Date | null;
}

/** How stale `last_seen_at` may be before a request moves it. */
export const LAST_SEEN_EVERY_SECONDS = 60;

const CHECK = query("sessions.check", {
  text: `WITH live AS (
      SELECT id, strong_auth_at, last_seen_at FROM person_sessions
       WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL),
    touched AS (
      UPDATE person_sessions s SET last_seen_at = $3
        FROM live
       WHERE s.id = live.id AND live.last_seen_at < $3::timestamptz - interval '${LAST_SEEN_EVERY_SECONDS} seconds'
       RETURNING s.id)
    SELECT live.id, live.strong_auth_at, (SELECT count(*) FROM touched)::int AS touched FROM live`,
  notNull: ["id", "touched"],
});

/** The session `sessionId` of `userId` when it is live (and seen now); null when missing, another's or revoked. */
export async function checkSession(input: {
  sessionId: string;
  userId: string;
  now?: Date;
}): Promise<LiveSession | null> {
  if (!isUuid(input.sessionId) || !isUuid(input.userId)) return null;
  const [row] = await sql().query(CHECK, [input.sessionId, input.userId, input.now ?? new Date()]);
  return row ? { id: row.id, strongAuthAt: row.strong_auth_at } : null;
}
