import { db } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { botManagedBy } from "@/lib/people/access";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import type { AgentRequestType } from "@/lib/schemas/agent-requests";

// The approvals inbox's agent requests: what the workspace's bots asked other bots and waits for this person, oldest
// first. A person sees the requests they may decide (approveAgentRequest): all of the workspace's bots' for an admin,
// those of the bots they registered for a member. Expired ones are left out.

export interface PendingAgentRequest {
  id: string;
  type: AgentRequestType;
  question: string;
  /** Why it waits: approval_required (the connection says so), new_bot, sensitive_money, bot_paused. */
  reasons: string[];
  from: { bot_id: string; handle: string; name: string };
  to: { bot_id: string; handle: string; name: string; workspace: { slug: string; name: string } };
  created_at: string;
  expires_at: string;
}

/** The workspace's bots whose held requests the person may decide: the ones they manage (lib/people/access.ts). */
async function decidableAskers(actor: PersonActor, workspaceId: string) {
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(actor, { client: db(), workspaceId: workspace.id });
  return db().bot.findMany({
    where: { workspaceId: workspace.id, ...botManagedBy(actor.userId) },
    select: { id: true, handle: true, name: true },
  });
}

const pendingOf = (askers: { id: string }[], now: Date) => ({
  fromBotId: { in: askers.map((b) => b.id) },
  status: "pending_approval" as const,
  expiresAt: { gt: now },
});

export interface PendingAgentRequestsOptions {
  workspaceId: string;
  /** The moment the work happens: expiry is judged against it (tests pass a fixed one). */
  now?: Date;
}

export async function listPendingAgentRequests(
  actor: PersonActor,
  { workspaceId, now = new Date() }: PendingAgentRequestsOptions,
): Promise<PendingAgentRequest[]> {
  const askers = await decidableAskers(actor, workspaceId);
  if (!askers.length) return [];
  const requests = await db().agentRequest.findMany({
    where: pendingOf(askers, now),
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  const targets = await db().bot.findMany({
    where: { id: { in: [...new Set(requests.map((r) => r.toBotId))] } },
    select: { id: true, handle: true, name: true, workspace: { select: { slug: true, name: true } } },
  });
  const asker = new Map(askers.map((b) => [b.id, b]));
  const target = new Map(targets.map((b) => [b.id, b]));
  return requests.map((r) => {
    const from = asker.get(r.fromBotId)!;
    const to = target.get(r.toBotId)!;
    return {
      id: r.id,
      type: r.type,
      question: r.question,
      reasons: r.reasons,
      from: { bot_id: from.id, handle: from.handle, name: from.name },
      to: { bot_id: to.id, handle: to.handle, name: to.name, workspace: to.workspace },
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
    };
  });
}

/** How many the inbox lists (the chat's "Approvals" count): the same requests, counted. */
export async function countPendingAgentRequests(
  actor: PersonActor,
  { workspaceId, now = new Date() }: PendingAgentRequestsOptions,
): Promise<number> {
  const askers = await decidableAskers(actor, workspaceId);
  return askers.length ? readDb().agentRequest.count({ where: pendingOf(askers, now) }) : 0;
}
