import { recordBotAudit } from "@/lib/audit/record-audit";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { inTransaction, query, type Sql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { contentFindings } from "@/lib/policy/content";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";
import type { CreateAgentRequestInput } from "@/lib/schemas/agent-requests";
import { agentRequestCreated } from "@/lib/webhooks/events";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import { loadAgentRequest, requestTtlMs, serializeAgentRequest } from "./agent-request-record";
import { blockedError, recordBlockedRequest } from "./blocked";

// POST /agent-requests: a bot asks another bot, named by handle, over a live trusted connection
// (docs/guides/bot-developers.md "Agent requests"). Refusals, in this order: the asking bot's workspace is suspended
// (403 workspace_suspended); no live connection with that bot, or no such bot (403 no_trusted_connection: a stranger
// learns nothing); the connection does not allow this type in this direction (403 type_not_allowed); the addressed
// bot's workspace is suspended (403 workspace_suspended); then the block rules of messages (403 policy_blocked:
// workspace_restricted, bot_stopped, secrets_detected in the question). A request that passes waits for a person of the
// asking side (201 pending_approval) when the connection requires approval, the asking bot is new, it is paused, or the
// question talks money; otherwise it reaches the addressed bot at once (201 awaiting_response,
// `agent_request.created`).

const CONTEXT = query("agentRequests.context", {
  text: `SELECT me.status AS bot_status, me.trusted_message_count,
          COALESCE(s.new_bot_threshold, ${POLICY_DEFAULTS.newBotThreshold}) AS new_bot_threshold,
          w.status AS workspace_status, t.id AS to_id, t.workspace_id AS to_workspace_id, tw.status AS to_workspace_status
     FROM bots me
     JOIN workspaces w ON w.id = me.workspace_id
     LEFT JOIN workspace_settings s ON s.workspace_id = me.workspace_id
     LEFT JOIN bots t ON t.handle = $2 AND t.id <> me.id
     LEFT JOIN workspaces tw ON tw.id = t.workspace_id
    WHERE me.id = $1`,
  // `bots` is also outer-joined (the addressed bot, t): the asking bot's own columns are never null.
  notNull: ["new_bot_threshold", "bot_status", "trusted_message_count"],
});

// FOR SHARE: a revocation (which declines the connection's open requests) waits for this request, or this request
// sees the connection revoked. Either way no open request outlives its connection.
const CONNECTION = query("agentRequests.liveConnection", {
  text: `SELECT id, requires_approval, (CASE WHEN bot_a_id = $1 THEN types_a_to_b ELSE types_b_to_a END)::text[] AS allowed
     FROM bot_connections
    WHERE revoked_at IS NULL AND accepted_a_at IS NOT NULL AND accepted_b_at IS NOT NULL
      AND ((bot_a_id = $1 AND bot_b_id = $2) OR (bot_a_id = $2 AND bot_b_id = $1))
      FOR SHARE`,
  notNull: ["allowed"],
});

const INSERT = query("agentRequests.insert", {
  text: `INSERT INTO agent_requests (connection_id, from_bot_id, to_bot_id, type, question, status, reasons, delivered_at, expires_at, created_at)
   VALUES ($1, $2, $3, $4::agent_request_type, $5, $6::agent_request_status, $7::text[],
           CASE WHEN $6 = 'awaiting_response' THEN $8::timestamptz END, $9, $8)
   RETURNING id`,
});

export interface CreateAgentRequestOptions {
  input: CreateAgentRequestInput;
  tx?: Sql;
  /** The moment the request is made: its expiry counts from it (tests pass a fixed one). */
  now?: Date;
}

export async function createAgentRequest(
  bot: BotPrincipal,
  { input, tx, now = new Date() }: CreateAgentRequestOptions,
) {
  const handle = input.to.trim().replace(/^@/, "").toLowerCase();
  const outcome = await inTransaction(tx, async (sql) => {
    const context = (await sql.query(CONTEXT, [bot.id, handle]))[0]!;
    if (context.workspace_status === "suspended") {
      throw new ApiError("workspace_suspended", "This bot's workspace is suspended: it cannot ask other bots", {
        reasons: ["workspace_suspended"],
      });
    }
    const connection = context.to_id ? (await sql.query(CONNECTION, [bot.id, context.to_id]))[0] : undefined;
    if (!connection || !context.to_id || !context.to_workspace_id) {
      throw new ApiError(
        "no_trusted_connection",
        `This bot has no trusted connection with @${handle}: workspace admins set one up in the developer portal`,
      );
    }
    if (!connection.allowed.includes(input.type)) {
      const allowed = connection.allowed.length ? connection.allowed.join(", ") : "nothing";
      throw new ApiError(
        "type_not_allowed",
        `The connection with @${handle} does not allow ${input.type} requests from this bot (allowed: ${allowed})`,
      );
    }
    if (context.to_workspace_status === "suspended") {
      throw new ApiError("workspace_suspended", `The workspace of @${handle} is suspended: it cannot be asked now`, {
        reasons: ["workspace_suspended"],
      });
    }

    const findings = contentFindings([input.question]);
    const blocked = [
      ...(context.workspace_status === "restricted" ? ["workspace_restricted"] : []),
      ...(context.bot_status === "stopped" ? ["bot_stopped"] : []),
      ...(findings.secrets ? ["secrets_detected"] : []),
    ];
    if (blocked.length) return { kind: "blocked", reasons: blocked } as const;

    const held = [
      ...(connection.requires_approval ? ["approval_required"] : []),
      ...(context.trusted_message_count < context.new_bot_threshold ? ["new_bot"] : []),
      ...(findings.money ? ["sensitive_money"] : []),
      ...(context.bot_status === "paused" ? ["bot_paused"] : []),
    ];
    const status = held.length ? "pending_approval" : "awaiting_response";
    const inserted = await sql.query(INSERT, [
      connection.id,
      bot.id,
      context.to_id,
      input.type,
      input.question,
      status,
      held,
      now,
      new Date(now.getTime() + requestTtlMs()),
    ]);
    const id = inserted[0]!.id;
    await recordBotAudit(sql, {
      workspaceId: bot.workspaceId,
      botId: bot.id,
      action: "agent_request.created",
      subjectType: "agent_request",
      subjectId: id,
      data: { to_bot_id: context.to_id, type: input.type, status, reasons: held },
    });
    const request = serializeAgentRequest((await loadAgentRequest(sql, { requestId: id, now }))!);
    if (status === "awaiting_response") {
      await agentRequestCreated(sql, { workspaceId: context.to_workspace_id, botId: context.to_id, request, now });
    } else {
      await enqueueNotification(sql, { event: "agent_request", id }); // the people who may approve it are told
    }
    return { kind: "created", request } as const;
  });

  if (outcome.kind === "blocked") {
    await recordBlockedRequest(bot, { reasons: outcome.reasons, text: input.question });
    throw blockedError(outcome.reasons);
  }
  return outcome.request;
}
