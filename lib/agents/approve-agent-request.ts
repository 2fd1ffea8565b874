import { requireFactorToDecide } from "@/lib/factors/enforcement";
import { query, transaction, type Transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { botManagedSql } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { agentRequestCreated } from "@/lib/webhooks/events";
import { loadAgentRequest, requestTtlMs, serializeAgentRequest } from "./agent-request-record";
import { blockedError } from "./blocked";

// A person of the asking side lets a held request through to the addressed bot, or declines it
// (docs/guides/bot-developers.md "Agent requests"). Who may: an admin of the asking bot's workspace, or the person who
// registered the asking bot (its developer): the people answerable for what that bot says outside. The row is locked
// first, so two people deciding at once, or a decision racing the expiry sweep, decide once (the second gets 409).
// Approving re-checks what may have changed since the bot asked (a suspended workspace, a restricted one, a stopped
// bot) and restarts the expiry clock: the addressed bot gets the whole AGENT_REQUEST_TTL_HOURS to answer. One SQL
// transaction each, as the request's `agent_request.created` event is written in it (docs/decisions/005).

const APPROVE = query("agentRequests.approve", {
  text: `UPDATE agent_requests
  SET status = 'awaiting_response', delivered_at = $2, decided_by_user_id = $3, decided_via = $4, decided_at = $2,
      expires_at = $5
  WHERE id = $1`,
});
const DECLINE = query("agentRequests.decline", {
  text: `UPDATE agent_requests
  SET status = 'declined', decided_by_user_id = $2, decided_via = $3, decided_at = $4, decision_note = $5
  WHERE id = $1`,
});
const EXPIRE = query("agentRequests.expireOne", { text: "UPDATE agent_requests SET status = 'expired' WHERE id = $1" });

export interface ApproveAgentRequestOptions {
  /** The request's id as the caller gave it. */
  requestId: string;
  /** The moment the work happens: expiry is judged against it (tests pass a fixed one). */
  now?: Date;
}

export async function approveAgentRequest(
  actor: PersonActor,
  { requestId: id, now = new Date() }: ApproveAgentRequestOptions,
) {
  const outcome = await transaction(async (tx) => {
    const request = await lockPending(tx, actor, id, now);
    if (request.expired) return { kind: "expired" } as const;
    if (request.fromWorkspaceStatus === "suspended" || request.toWorkspaceStatus === "suspended") {
      throw new ApiError("workspace_suspended", "A workspace of this request is suspended: it cannot be approved now", {
        reasons: ["workspace_suspended"],
      });
    }
    // The block rules again, as for a draft: the asking side may have changed since the bot asked.
    const blocked = [
      ...(request.fromWorkspaceStatus === "restricted" ? ["workspace_restricted"] : []),
      ...(request.fromStatus === "stopped" ? ["bot_stopped"] : []),
    ];
    if (blocked.length) throw blockedError(blocked);
    await tx.query(APPROVE, [request.id, now, actor.userId, actor.via, new Date(now.getTime() + requestTtlMs())]);
    await recordAuditSql(tx, {
      workspaceId: request.fromWorkspaceId,
      actor,
      action: "agent_request.approved",
      subjectType: "agent_request",
      subjectId: request.id,
    });
    const resource = serializeAgentRequest((await loadAgentRequest(tx, { requestId: request.id, now }))!);
    await agentRequestCreated(tx, {
      workspaceId: request.toWorkspaceId,
      botId: request.toBotId,
      request: resource,
      now,
    });
    return { kind: "done", resource } as const;
  });
  if (outcome.kind === "expired") throw expiredError();
  return outcome.resource;
}

export interface DeclineAgentRequestOptions {
  /** The request's id as the caller gave it. */
  requestId: string;
  /** Why, for the asking side (kept trimmed; blank is none). */
  note?: string;
  /** The moment the work happens: expiry is judged against it (tests pass a fixed one). */
  now?: Date;
}

export async function declineAgentRequest(
  actor: PersonActor,
  { requestId: id, note, now = new Date() }: DeclineAgentRequestOptions,
) {
  const outcome = await transaction(async (tx) => {
    const request = await lockPending(tx, actor, id, now);
    if (request.expired) return { kind: "expired" } as const;
    await tx.query(DECLINE, [request.id, actor.userId, actor.via, now, note?.trim() || null]);
    await recordAuditSql(tx, {
      workspaceId: request.fromWorkspaceId,
      actor,
      action: "agent_request.declined",
      subjectType: "agent_request",
      subjectId: request.id,
      data: note ? { note } : {},
    });
    return {
      kind: "done",
      resource: serializeAgentRequest((await loadAgentRequest(tx, { requestId: request.id, now }))!),
    } as const;
  });
  if (outcome.kind === "expired") throw expiredError();
  return outcome.resource;
}

const expiredError = () =>
  new ApiError("conflict", "This request expired before anyone approved it; the bot can ask again");

/** $1 the request, $2 the person: the asking bot, and whether the person manages it (the rule of botManagedSql). */
const ASKING_SIDE = query("agentRequests.askingSide", {
  text: `SELECT f.handle, ${botManagedSql("f", "$2")} AS manages
  FROM agent_requests r JOIN bots f ON f.id = r.from_bot_id
  WHERE r.id = $1`,
  notNull: ["manages"], // EXISTS
});

/** The request, locked, with what approving re-checks: its bots' workspaces and the asking bot's status. */
const LOCK_REQUEST = query("agentRequests.lockForDecision", {
  text: `SELECT r.status, r.expires_at, r.to_bot_id, f.status AS from_status,
       f.workspace_id AS from_workspace_id, fw.status AS from_workspace_status,
       t.workspace_id AS to_workspace_id, tw.status AS to_workspace_status
  FROM agent_requests r
  JOIN bots f ON f.id = r.from_bot_id JOIN workspaces fw ON fw.id = f.workspace_id
  JOIN bots t ON t.id = r.to_bot_id JOIN workspaces tw ON tw.id = t.workspace_id
  WHERE r.id = $1
  FOR UPDATE OF r`,
});

/**
 * Locks a request a person is deciding and checks they may: first, so a person of neither side makes us lock
 * nothing (a request's asking bot, and that bot's workspace and developer, never change). One past its expiry is
 * marked expired here (committed with the transaction; the caller then answers 409), so the inbox and the bots agree
 * at once.
 */
async function lockPending(tx: Transaction, actor: PersonActor, id: string, now: Date) {
  const requestId = requireUuid(id, "Agent request");
  const [asking] = await tx.query(ASKING_SIDE, [requestId, actor.userId]);
  if (!asking) throw new ApiError("not_found", "Agent request not found");
  if (!asking.manages) {
    throw new ApiError(
      "forbidden",
      `Only an admin of @${asking.handle}'s workspace or its developer can decide its requests`,
    );
  }
  const [request] = await tx.query(LOCK_REQUEST, [requestId]);
  if (!request) throw new ApiError("not_found", "Agent request not found");
  await requireFactorToDecide(actor, { sql: tx, workspaceId: request.from_workspace_id });
  if (request.status !== "pending_approval")
    throw new ApiError("conflict", `This request was already ${request.status.replace("_", " ")}`);
  const expired = request.expires_at.getTime() <= now.getTime();
  if (expired) await tx.query(EXPIRE, [requestId]);
  return {
    id: requestId,
    expired,
    fromWorkspaceId: request.from_workspace_id,
    fromWorkspaceStatus: request.from_workspace_status,
    fromStatus: request.from_status,
    toWorkspaceId: request.to_workspace_id,
    toWorkspaceStatus: request.to_workspace_status,
    toBotId: request.to_bot_id,
  };
}
