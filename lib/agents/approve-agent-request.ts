import { db, type Tx } from "@/lib/db/client";
import { prismaSql } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record-audit";
import { managesBot } from "@/lib/people/access";
import type { PersonActor } from "@/lib/people/actor";
import { agentRequestCreated } from "@/lib/webhooks/events";
import { loadAgentRequest, requestTtlMs, serializeAgentRequest } from "./agent-request-record";
import { blockedError } from "./blocked";

// A person of the asking side lets a held request through to the addressed bot, or declines it (README "Agent
// requests"). Who may: an admin of the asking bot's workspace, or the person who registered the asking bot (its
// developer): the people answerable for what that bot says outside. The row is locked first, so two people deciding
// at once, or a decision racing the expiry sweep, decide once (the second gets 409). Approving re-checks what may have
// changed since the bot asked (a suspended workspace, a restricted one, a stopped bot) and restarts the expiry clock:
// the addressed bot gets the whole AGENT_REQUEST_TTL_HOURS to answer.

export async function approveAgentRequest(actor: PersonActor, id: string, now: Date = new Date()) {
  const outcome = await db().$transaction(async (tx) => {
    const request = await lockPending(tx, actor, id, now);
    if (request.expired) return { kind: "expired" } as const;
    const workspaces = await tx.workspace.findMany({
      where: { id: { in: [request.fromWorkspaceId, request.toWorkspaceId] } },
      select: { id: true, status: true },
    });
    if (workspaces.some((w) => w.status === "suspended")) {
      throw new ApiError("workspace_suspended", "A workspace of this request is suspended: it cannot be approved now", {
        reasons: ["workspace_suspended"],
      });
    }
    // The block rules again, as for a draft: the asking side may have changed since the bot asked.
    const blocked = [
      ...(workspaces.find((w) => w.id === request.fromWorkspaceId)?.status === "restricted"
        ? ["workspace_restricted"]
        : []),
      ...(request.fromStatus === "stopped" ? ["bot_stopped"] : []),
    ];
    if (blocked.length) throw blockedError(blocked);
    await tx.agentRequest.update({
      where: { id: request.id },
      data: {
        status: "awaiting_response",
        deliveredAt: now,
        decidedByUserId: actor.userId,
        decidedVia: actor.via,
        decidedAt: now,
        expiresAt: new Date(now.getTime() + requestTtlMs()),
      },
    });
    await recordAudit(tx, {
      workspaceId: request.fromWorkspaceId,
      actor,
      action: "agent_request.approved",
      subjectType: "agent_request",
      subjectId: request.id,
    });
    const resource = serializeAgentRequest((await loadAgentRequest(prismaSql(tx), request.id, now))!);
    await agentRequestCreated(prismaSql(tx), {
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

export async function declineAgentRequest(actor: PersonActor, id: string, note?: string, now: Date = new Date()) {
  const outcome = await db().$transaction(async (tx) => {
    const request = await lockPending(tx, actor, id, now);
    if (request.expired) return { kind: "expired" } as const;
    await tx.agentRequest.update({
      where: { id: request.id },
      data: {
        status: "declined",
        decidedByUserId: actor.userId,
        decidedVia: actor.via,
        decidedAt: now,
        decisionNote: note?.trim() || null,
      },
    });
    await recordAudit(tx, {
      workspaceId: request.fromWorkspaceId,
      actor,
      action: "agent_request.declined",
      subjectType: "agent_request",
      subjectId: request.id,
      data: note ? { note } : {},
    });
    return {
      kind: "done",
      resource: serializeAgentRequest((await loadAgentRequest(prismaSql(tx), request.id, now))!),
    } as const;
  });
  if (outcome.kind === "expired") throw expiredError();
  return outcome.resource;
}

const expiredError = () =>
  new ApiError("conflict", "This request expired before anyone approved it; the bot can ask again");

/**
 * Locks a request a person is deciding and checks they may. One past its expiry is marked expired here (committed
 * with the transaction; the caller then answers 409), so the inbox and the bots agree at once.
 */
async function lockPending(tx: Tx, actor: PersonActor, id: string, now: Date) {
  const requestId = requireUuid(id, "Agent request");
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM agent_requests WHERE id = ${requestId}::uuid FOR UPDATE`;
  if (!rows[0]) throw new ApiError("not_found", "Agent request not found");
  const request = await tx.agentRequest.findUniqueOrThrow({ where: { id: requestId } });
  const [from, to] = await Promise.all([
    tx.bot.findUniqueOrThrow({
      where: { id: request.fromBotId },
      select: { workspaceId: true, createdByUserId: true, handle: true, status: true },
    }),
    tx.bot.findUniqueOrThrow({ where: { id: request.toBotId }, select: { workspaceId: true } }),
  ]);
  await requireAskingSide(tx, actor, from);
  if (request.status !== "pending_approval")
    throw new ApiError("conflict", `This request was already ${request.status.replace("_", " ")}`);
  const expired = request.expiresAt.getTime() <= now.getTime();
  if (expired) await tx.agentRequest.update({ where: { id: requestId }, data: { status: "expired" } });
  return {
    id: requestId,
    expired,
    fromWorkspaceId: from.workspaceId,
    fromStatus: from.status,
    toWorkspaceId: to.workspaceId,
    toBotId: request.toBotId,
  };
}

/** An admin of the asking bot's workspace, or the person who registered that bot: who manages it (managesBot). */
export async function requireAskingSide(
  tx: Tx,
  actor: PersonActor,
  bot: { workspaceId: string; createdByUserId: string | null; handle: string },
) {
  const membership = await tx.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: bot.workspaceId, userId: actor.userId } },
  });
  if (!managesBot(membership?.role ?? null, actor.userId, bot)) {
    throw new ApiError(
      "forbidden",
      `Only an admin of @${bot.handle}'s workspace or its developer can decide its requests`,
    );
  }
}
