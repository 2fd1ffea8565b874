import { recordBotAudit } from "@/lib/audit/record-audit";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { inTransaction, query, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { contentFindings } from "@/lib/policy/content";
import type { RespondAgentRequestInput } from "@/lib/schemas/agent-requests";
import { agentRequestAnswered } from "@/lib/webhooks/events";
import { loadAgentRequest, serializeAgentRequest } from "./agent-request-record";
import { blockedError, recordBlockedRequest } from "./blocked";

// POST /agent-requests/{id}/respond: the addressed bot answers, once. The request row is locked first, so two answers
// at once (or an answer racing a revocation or the expiry sweep) settle in one order: the second finds it no longer
// awaiting a response (409). An attachment must be an upload of the answering bot (POST /attachments); the asker gets
// a signed link to it, valid 24 hours from the answer. The answer passes the block rules like the question did.
//
// Who gets what: an unknown id, a request the bot is no party to, and a request that has not reached the addressed bot
// yet (pending the asking side's approval) are 404; the asking bot itself gets 403 forbidden; the addressed bot gets
// 409 conflict once the request is answered, declined or expired.

const LOCK = query("agentRequests.lockForAnswer", {
  text: `SELECT r.from_bot_id, r.to_bot_id, r.status, r.delivered_at, r.expires_at,
          me.status AS bot_status, w.status AS workspace_status, f.workspace_id AS from_workspace_id
     FROM agent_requests r
     JOIN bots f ON f.id = r.from_bot_id
     JOIN bots me ON me.id = $2
     JOIN workspaces w ON w.id = me.workspace_id
    WHERE r.id = $1
      FOR UPDATE OF r`,
});
const OWN_ATTACHMENT = query("agentRequests.ownAttachment", {
  text: "SELECT id FROM attachments WHERE id = $1 AND uploaded_by_bot_id = $2",
});
const ANSWER = query("agentRequests.answer", {
  text: `UPDATE agent_requests SET status = 'answered', response_body = $2, response_attachment_id = $3, answered_at = $4
    WHERE id = $1`,
});

export interface RespondToAgentRequestOptions {
  /** The request's id as the caller gave it. */
  requestId: string;
  input: RespondAgentRequestInput;
  tx?: Sql;
  /** The moment the work happens: expiry is judged against it (tests pass a fixed one). */
  now?: Date;
}

export async function respondToAgentRequest(
  bot: BotPrincipal,
  { requestId: id, input, tx, now = new Date() }: RespondToAgentRequestOptions,
) {
  const requestId = requireUuid(id, "Agent request");
  const outcome = await inTransaction(tx, async (sql) => {
    const locked = (await sql.query(LOCK, [requestId, bot.id]))[0];
    const party =
      locked && (locked.to_bot_id === bot.id ? locked.delivered_at !== null : locked.from_bot_id === bot.id);
    if (!locked || !party) throw new ApiError("not_found", "Agent request not found");
    if (locked.to_bot_id !== bot.id) throw new ApiError("forbidden", "Only the addressed bot can answer this request");
    if (locked.workspace_status === "suspended") {
      throw new ApiError("workspace_suspended", "This bot's workspace is suspended: it cannot answer requests", {
        reasons: ["workspace_suspended"],
      });
    }
    if (locked.status === "answered")
      throw new ApiError("conflict", "This request was already answered; a request is answered once");
    if (locked.status === "declined")
      throw new ApiError(
        "conflict",
        "This request was withdrawn (its connection was revoked) and can no longer be answered",
      );
    if (locked.status === "expired" || locked.expires_at.getTime() <= now.getTime()) {
      throw new ApiError(
        "conflict",
        `This request expired at ${locked.expires_at.toISOString()} and can no longer be answered`,
      );
    }

    const blocked = [
      ...(locked.workspace_status === "restricted" ? ["workspace_restricted"] : []),
      ...(locked.bot_status === "stopped" ? ["bot_stopped"] : []),
      ...(contentFindings([input.body]).secrets ? ["secrets_detected"] : []),
    ];
    if (blocked.length) return { kind: "blocked", reasons: blocked } as const;

    if (input.attachment_id) {
      const mine = await sql.query(OWN_ATTACHMENT, [input.attachment_id, bot.id]);
      if (!mine[0])
        throw new ApiError("invalid_body", "attachment_id must be a file this bot uploaded (POST /attachments)");
    }
    await sql.query(ANSWER, [requestId, input.body, input.attachment_id ?? null, now]);
    await recordBotAudit(sql, {
      workspaceId: bot.workspaceId,
      botId: bot.id,
      action: "agent_request.answered",
      subjectType: "agent_request",
      subjectId: requestId,
      data: { from_bot_id: locked.from_bot_id, attachment_id: input.attachment_id ?? null },
    });
    const request = serializeAgentRequest((await loadAgentRequest(sql, { requestId, now }))!);
    await agentRequestAnswered(sql, { workspaceId: locked.from_workspace_id, botId: locked.from_bot_id, request, now });
    return { kind: "answered", request } as const;
  });

  if (outcome.kind === "blocked") {
    await recordBlockedRequest(bot, { reasons: outcome.reasons, text: input.body, mode: "agent_response" });
    throw blockedError(outcome.reasons);
  }
  return outcome.request;
}
