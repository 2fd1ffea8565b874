import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { query, sql } from "@/lib/db/sql";
import { decodeCursor, encodeCursor } from "@/lib/pagination";
import type { AgentRequestListInput } from "@/lib/schemas/agent-requests";
import { AGENT_REQUEST_NOT_NULL, AGENT_REQUEST_SELECT, serializeAgentRequest } from "./agent-request-record";

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

const OUTGOING = `r.from_bot_id = $2`;
const INCOMING = `(r.to_bot_id = $2 AND r.delivered_at IS NOT NULL)`;
const STATUS = `CASE WHEN r.status IN ('pending_approval', 'awaiting_response') AND r.expires_at <= $1::timestamptz
                     THEN 'expired' ELSE r.status END`;
const listText = (mine: string) =>
  `${AGENT_REQUEST_SELECT}
    WHERE ${mine}
      AND ($3::agent_request_status IS NULL OR ${STATUS} = $3::agent_request_status)
      AND ($4::timestamptz IS NULL OR (r.created_at, r.id) < ($4::timestamptz, $5::uuid))
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT $6`;
const notNull = AGENT_REQUEST_NOT_NULL;
const LIST = {
  outgoing: query("agentRequests.listOutgoing", { text: listText(OUTGOING), notNull }),
  incoming: query("agentRequests.listIncoming", { text: listText(INCOMING), notNull }),
  both: query("agentRequests.listBoth", { text: listText(`(${OUTGOING} OR ${INCOMING})`), notNull }),
};

export interface ListAgentRequestsOptions {
  input: AgentRequestListInput;
  /** The moment the work happens: expiry is judged against it (tests pass a fixed one). */
  now?: Date;
}

export async function listAgentRequests(bot: BotPrincipal, { input, now = new Date() }: ListAgentRequestsOptions) {
  const after = input.cursor ? decodeCursor(input.cursor, isPosition) : null;
  const rows = await sql().query(LIST[input.direction ?? "both"], [
    now,
    bot.id,
    input.status ?? null,
    after ? new Date(after.t) : null,
    after?.id ?? null,
    input.limit + 1,
  ]);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(serializeAgentRequest),
    next_cursor:
      rows.length > input.limit && last ? encodeCursor({ t: last.created_at.toISOString(), id: last.id }) : null,
  };
}
