import { query, sql, type Sql } from "@/lib/db/sql";

// Requests nobody approved or answered in time expire (AGENT_REQUEST_TTL_HOURS, lib/agents/agent-request-record.ts).
// Reads already treat an open request past its expires_at as expired, and answering or approving it is refused at
// once; this sweep writes the status down, every minute (the worker's crontab, jobs/worker.ts). Idempotent: a
// request expires once, and a request answered or decided meanwhile (its row lock) is left alone.

export const EXPIRE_TASK = "expire_agent_requests";
/** graphile-worker crontab line: every minute, one job at a time (job key). */
export const EXPIRE_CRONTAB = `* * * * * ${EXPIRE_TASK} ?jobKey=${EXPIRE_TASK}&max=3`;

const EXPIRE = query("agentRequests.expire", {
  text: `UPDATE agent_requests SET status = 'expired'
    WHERE status IN ('pending_approval', 'awaiting_response') AND expires_at <= $1::timestamptz
    RETURNING id`,
});

export async function expireAgentRequests(now: Date = new Date(), client: Sql = sql()): Promise<{ expired: string[] }> {
  const rows = await client.query(EXPIRE, [now]);
  return { expired: rows.map((row) => row.id) };
}
