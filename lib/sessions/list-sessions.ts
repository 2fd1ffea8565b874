import { db } from "@/lib/db/client";
import type { PersonActor } from "@/lib/people/actor";

/** Sessions idle longer than next-auth's maxAge (lib/auth/options.ts) have an expired cookie: not listed. */
const LISTED_DAYS = 30;

export interface SessionView {
  id: string;
  device: string;
  address: string;
  method: string;
  created_at: string;
  last_seen_at: string;
  /** The session the list was asked from ("this device"). */
  current: boolean;
}

/** The person's sessions still signed in, most recently seen first; `currentSessionId` is marked. */
export async function listSessions(
  actor: PersonActor,
  { currentSessionId, now = new Date() }: { currentSessionId?: string | null; now?: Date } = {},
): Promise<SessionView[]> {
  const rows = await db().personSession.findMany({
    where: {
      userId: actor.userId,
      revokedAt: null,
      lastSeenAt: { gt: new Date(now.getTime() - LISTED_DAYS * 24 * 60 * 60 * 1000) },
    },
    orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
    take: 100,
  });
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    address: row.address,
    method: row.method,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}
