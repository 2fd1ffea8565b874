import { approvalContentDigest } from "./content-digest";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { query, sql } from "@/lib/db/sql";
import { mayDecideDraftSql } from "./deciders";
import { approvalsSoFar } from "./approvals-so-far";
import { serializeDraft } from "./serialize-draft";

/**
 * At most this many items per call, the oldest: a workspace's inbox can hold thousands (bench:scale seeds 10,000;
 * reading and rendering them all took ~400 ms), and a person decides the oldest first.
 */
export const APPROVALS_LIMIT = 100;

/**
 * The oldest pending items in the conversations the person sees. SQL, as the model gives a draft no relation to its
 * conversation: through Prisma the filter was a list of every visible conversation's id (20,000 for an admin of a
 * large workspace: ~100 ms alone).
 */
const OLDEST_PENDING = query("drafts.oldestPending", {
  text: `SELECT d.id FROM drafts d JOIN conversations c ON c.id = d.conversation_id
    WHERE c.workspace_id = $1 AND d.status = 'pending' AND d.expires_at > now()
      AND ${mayDecideDraftSql({ draft: "d", conversation: "c", user: "$2", workspace: "$1" })}
    ORDER BY d.created_at, d.id
    LIMIT $3`,
});

interface ListPendingApprovalsOptions {
  workspaceId: string;
  /** At most this many (and never more than APPROVALS_LIMIT); default APPROVALS_LIMIT. */
  limit?: number;
}

/**
 * What waits for this person in a workspace: pending drafts and held messages they may decide (./deciders.ts: in the
 * conversations they can act in, or routed by a rule to a group they are in), oldest first; the oldest
 * APPROVALS_LIMIT (or `limit`). An item a rule asks several people for says how many approved, and who.
 */
export async function listPendingApprovals(
  actor: PersonActor,
  { workspaceId, limit: wanted }: ListPendingApprovalsOptions,
) {
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(actor, { client: db(), workspaceId: workspace.id });
  const limit = Math.max(1, Math.min(wanted ?? APPROVALS_LIMIT, APPROVALS_LIMIT));
  const ids = (await sql().query(OLDEST_PENDING, [workspace.id, actor.userId, limit])).map((row) => row.id);
  const drafts = await db().draft.findMany({ where: { id: { in: ids } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const [bots, conversations, given, settings] = await Promise.all([
    db().bot.findMany({
      where: { id: { in: [...new Set(drafts.map((d) => d.botId))] } },
      select: { id: true, handle: true, name: true },
    }),
    db().conversation.findMany({
      where: { id: { in: [...new Set(drafts.map((d) => d.conversationId))] } },
      select: { id: true, title: true },
    }),
    db().draftApproval.findMany({ where: { draftId: { in: ids } }, orderBy: { approvedAt: "asc" } }),
    db().workspaceSettings.findUnique({ where: { workspaceId: workspace.id }, select: { stepUp: true } }),
  ]);
  const approvers = await db().user.findMany({
    where: { id: { in: [...new Set(given.map((a) => a.userId))] } },
    select: { id: true, handle: true, name: true },
  });
  const personById = new Map(approvers.map((p) => [p.id, p]));
  const botById = new Map(bots.map((b) => [b.id, b]));
  const titleById = new Map(conversations.map((c) => [c.id, c.title]));
  return drafts.map((draft) => ({
    ...serializeDraft(draft),
    origin: draft.origin,
    reasons: draft.reasons,
    blocks: draft.blocks,
    conversation_title: titleById.get(draft.conversationId) ?? null,
    expires_at: draft.expiresAt.toISOString(),
    bot: botById.get(draft.botId) ?? null,
    approvals: approvalsSoFar(draft, { given, people: personById, viewerId: actor.userId }),
    content_digest: approvalContentDigest(draft),
    step_up: draft.stepUp || settings?.stepUp === "approvals",
  }));
}
