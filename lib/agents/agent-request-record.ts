import { query, type RowOf, type Sql } from "@/lib/db/sql";
import { env } from "@/lib/env";
import { linkExpiry, signedLink } from "./signed-link";

// The Agent request resource (docs/api-contract.md#agent-request), from a row of `agent_requests` with its two bots and
// its attachment, read through node-postgres (the pool, or the caller's SQL transaction). `status` is the status as of
// `now`: a request still open past its expires_at reads as `expired` before the sweep writes that down, so what a bot
// sees never depends on when the sweep last ran.

/** How long a request waits (for a person's approval, then for its answer) before it expires. */
export const requestTtlMs = () => env().AGENT_REQUEST_TTL_HOURS * 3_600_000;

export const OPEN_STATUSES = ["pending_approval", "awaiting_response"] as const;

/** `$1` is `now`. Callers add WHERE / ORDER BY with their own parameters from `$2`. */
export const AGENT_REQUEST_SELECT = `
  SELECT r.id, r.connection_id, r.type, r.question, r.status AS stored_status,
         CASE WHEN r.status IN ('pending_approval', 'awaiting_response') AND r.expires_at <= $1::timestamptz
              THEN 'expired' ELSE r.status END AS status,
         r.reasons, r.response_body, r.answered_at, r.created_at, r.expires_at, r.delivered_at,
         r.from_bot_id, f.handle AS from_handle, f.name AS from_name, f.workspace_id AS from_workspace_id,
         r.to_bot_id, t.handle AS to_handle, t.name AS to_name, t.workspace_id AS to_workspace_id,
         a.id AS attachment_id, a.name AS attachment_name, a.content_type AS attachment_type,
         a.size AS attachment_size, a.sha256 AS attachment_sha256
  FROM agent_requests r
  JOIN bots f ON f.id = r.from_bot_id
  JOIN bots t ON t.id = r.to_bot_id
  LEFT JOIN attachments a ON a.id = r.response_attachment_id`;
/** For every statement built on AGENT_REQUEST_SELECT: its status (a CASE of the stored one) is never null. */
export const AGENT_REQUEST_NOT_NULL = ["status"] as const;

const LOAD = query("agentRequests.load", {
  text: `${AGENT_REQUEST_SELECT} WHERE r.id = $2::uuid`,
  notNull: AGENT_REQUEST_NOT_NULL,
});

/** A row read with AGENT_REQUEST_SELECT (every statement built on it has this row). */
export type AgentRequestRow = RowOf<"agentRequests.load">;

export interface LoadAgentRequestOptions {
  requestId: string;
  /** The moment whose view of the request is read: one past its expiry reads as expired. */
  now: Date;
}

export async function loadAgentRequest(
  sql: Sql,
  { requestId: id, now }: LoadAgentRequestOptions,
): Promise<AgentRequestRow | null> {
  const rows = await sql.query(LOAD, [now, id]);
  return rows[0] ?? null;
}

export type AgentRequestResource = ReturnType<typeof serializeAgentRequest>;

export function serializeAgentRequest(row: AgentRequestRow) {
  const answered = row.status === "answered" && row.response_body !== null && row.answered_at !== null;
  return {
    id: row.id,
    from: { bot_id: row.from_bot_id, handle: row.from_handle },
    to: { bot_id: row.to_bot_id, handle: row.to_handle },
    type: row.type,
    question: row.question,
    status: row.status,
    reasons: row.reasons,
    response: answered
      ? {
          body: row.response_body!,
          attachment:
            row.attachment_id !== null
              ? {
                  id: row.attachment_id,
                  name: row.attachment_name!,
                  type: row.attachment_type!,
                  size: row.attachment_size!,
                  sha256: row.attachment_sha256!,
                  ...signedLink(row.attachment_id, linkExpiry(row.answered_at!)),
                }
              : null,
        }
      : null,
    created_at: row.created_at.toISOString(),
    answered_at: row.answered_at?.toISOString() ?? null,
    expires_at: row.expires_at.toISOString(),
  };
}
