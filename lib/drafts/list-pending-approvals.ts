import { db } from "@/lib/db/client";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { serializeDraft } from "./serialize-draft";

/** Everything waiting for a person in a workspace: drafts and held messages in conversations they can act in. */
export async function listPendingApprovals(actor: PersonActor, workspaceId: string) {
  const membership = await requireMember(db(), actor, workspaceId);
  const visible = membership.role === "admin"
    ? { workspaceId }
    : { workspaceId, id: { in: (await db().conversationParticipant.findMany({ where: { userId: actor.userId }, select: { conversationId: true } })).map((p) => p.conversationId) } };
  const conversations = await db().conversation.findMany({ where: visible, select: { id: true, title: true } });
  const drafts = await db().draft.findMany({
    where: { conversationId: { in: conversations.map((c) => c.id) }, status: "pending", expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "asc" },
  });
  const bots = await db().bot.findMany({ where: { id: { in: [...new Set(drafts.map((d) => d.botId))] } }, select: { id: true, handle: true, name: true } });
  const botById = new Map(bots.map((b) => [b.id, b]));
  const titleById = new Map(conversations.map((c) => [c.id, c.title]));
  return drafts.map((draft) => ({
    ...serializeDraft(draft),
    origin: draft.origin,
    reasons: draft.reasons,
    conversation_title: titleById.get(draft.conversationId) ?? null,
    bot: botById.get(draft.botId) ?? null,
  }));
}
