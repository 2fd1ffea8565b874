import type { BotPrincipal } from "@/lib/bots/authenticate-bot";
import { sql } from "@/lib/db/sql";
import { decodeCursor, encodeCursor } from "@/lib/pagination";
import type { AgentRequestListInput } from "@/lib/schemas/agent-requests";
import { AGENT_REQUEST_SELECT, serializeAgentRequest, type AgentRequestRow } from "./agent-request-record";

// GET /agent-requests: requests this bot asked (outgoing) and requests asked of it (incoming), newest first, with
// `direction`, `status` (as of now: an open request past its expiry is `expired`), `limit` and `cursor`. An incoming
// request shows only once it reached the bot: one waiting for the asking side's approval, or declined there, does not.

interface Position {
  t: string;
  id: string;
}
const isPosition = (v: unknown): v is Position =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as Position).t === "string" &&
  typeof (v as Position).id === "string";

export async function listAgentRequests(bot: BotPrincipal, query: AgentRequestListInput, now: Date = new Date()) {
  const after = query.cursor ? decodeCursor(query.cursor, isPosition) : null;
  const outgoing = `r.from_bot_id = $2`;
  const incoming = `(r.to_bot_id = $2 AND r.delivered_at IS NOT NULL)`;
  const mine =
    query.direction === "outgoing"
      ? outgoing
      : query.direction === "incoming"
        ? incoming
        : `(${outgoing} OR ${incoming})`;
  const status = `CASE WHEN r.status IN ('pending_approval', 'awaiting_response') AND r.expires_at <= $1::timestamptz
                       THEN 'expired' ELSE r.status::text END`;
  const rows = await sql().query<AgentRequestRow>(
    `${AGENT_REQUEST_SELECT}
     WHERE ${mine}
       AND ($3::text IS NULL OR ${status} = $3::text)
       AND ($4::timestamptz IS NULL OR (r.created_at, r.id) < ($4::timestamptz, $5::uuid))
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT $6`,
    [now, bot.id, query.status ?? null, after ? new Date(after.t) : null, after?.id ?? null, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(serializeAgentRequest),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor({ t: last.created_at.toISOString(), id: last.id }) : null,
  };
}
