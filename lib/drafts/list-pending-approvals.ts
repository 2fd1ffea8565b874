import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { query, sql } from "@/lib/db/sql";
import { conversationVisibleSql } from "@/lib/people/access";
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
      AND ${conversationVisibleSql("c", "$2")}
    ORDER BY d.created_at, d.id
    LIMIT $3`,
});

interface ListPendingApprovalsOptions {
  workspaceId: string;
  /** At most this many (and never more than APPROVALS_LIMIT); default APPROVALS_LIMIT. */
  limit?: number;
}

/**
 * What waits for this person in a workspace: pending drafts and held messages, oldest first, in the conversations
 * they can act in (the ones they take part in; every one for an admin, as approveDraft allows); the oldest
 * APPROVALS_LIMIT (or `limit`).
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
  const [bots, conversations] = await Promise.all([
    db().bot.findMany({
      where: { id: { in: [...new Set(drafts.map((d) => d.botId))] } },
      select: { id: true, handle: true, name: true },
    }),
    db().conversation.findMany({
      where: { id: { in: [...new Set(drafts.map((d) => d.conversationId))] } },
      select: { id: true, title: true },
    }),
  ]);
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
  }));
}
