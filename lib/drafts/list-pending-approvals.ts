import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { conversationVisibleTo } from "@/lib/people/access";
import { serializeDraft } from "./serialize-draft";

/**
 * What waits for this person in a workspace: pending drafts and held messages, oldest first, in the conversations
 * they can act in (the ones they take part in; every one for an admin, as approveDraft allows).
 */
export async function listPendingApprovals(actor: PersonActor, workspaceId: string) {
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(db(), actor, workspace.id);
  const conversations = await db().conversation.findMany({
    where: { workspaceId: workspace.id, ...conversationVisibleTo(actor.userId) },
    select: { id: true, title: true },
  });
  const drafts = await db().draft.findMany({
    where: { conversationId: { in: conversations.map((c) => c.id) }, status: "pending", expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "asc" },
  });
  const bots = await db().bot.findMany({
    where: { id: { in: [...new Set(drafts.map((d) => d.botId))] } },
    select: { id: true, handle: true, name: true },
  });
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
