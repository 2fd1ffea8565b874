import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";
import type { Block } from "@/lib/schemas/blocks";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "@/lib/limits";

// A person's paged read of a conversation (their AI assistant through MCP; the chat itself shows getThread's last
// 500): ascending seq after `after_seq` (exclusive), at most PAGE_LIMIT_MAX a page, with who wrote each message. Same
// access rule as the chat: a participant, or an admin of the workspace (requireConversationAccess).

export type ReadSender =
  | { type: "person"; handle: string; name: string }
  | { type: "bot"; handle: string; name: string; approved_by: { handle: string; name: string } | null }
  | { type: "system" };

export interface ReadMessage {
  id: string;
  seq: number;
  kind: "text" | "card" | "system";
  body: string;
  blocks: Block[] | null;
  sender: ReadSender;
  attachments: { id: string; name: string; type: string; size: number }[];
  created_at: string;
  edited_at: string | null;
}

export async function readMessages(
  actor: PersonActor,
  id: string,
  options: { afterSeq?: number; limit?: number } = {},
) {
  const conversationId = requireUuid(id, "Conversation");
  const afterSeq = options.afterSeq ?? 0;
  const limit = options.limit ?? PAGE_LIMIT_DEFAULT;
  if (!Number.isInteger(afterSeq) || afterSeq < 0)
    throw new ApiError("invalid_body", "after_seq must be a whole number, 0 or more");
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMIT_MAX)
    throw new ApiError("invalid_body", `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`);
  const { conversation } = await requireConversationAccess(actor, { client: db(), conversationId });

  const rows = await db().message.findMany({
    where: { conversationId, seq: { gt: afterSeq } },
    orderBy: { seq: "asc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const userIds = [
    ...new Set(page.flatMap((m) => [m.senderUserId, m.approvedByUserId].filter((v): v is string => !!v))),
  ];
  const botIds = [...new Set(page.flatMap((m) => (m.senderBotId ? [m.senderBotId] : [])))];
  const [users, bots] = await Promise.all([
    db().user.findMany({ where: { id: { in: userIds } }, select: { id: true, handle: true, name: true } }),
    db().bot.findMany({ where: { id: { in: botIds } }, select: { id: true, handle: true, name: true } }),
  ]);
  const userById = new Map(users.map((u) => [u.id, { handle: u.handle, name: u.name }]));
  const botById = new Map(bots.map((b) => [b.id, { handle: b.handle, name: b.name }]));
  const unknown = { handle: "unknown", name: "Unknown" };

  const sender = (m: (typeof page)[number]): ReadSender => {
    if (m.senderBotId) {
      return {
        type: "bot",
        ...(botById.get(m.senderBotId) ?? unknown),
        approved_by: m.approvedByUserId ? (userById.get(m.approvedByUserId) ?? unknown) : null,
      };
    }
    if (m.senderUserId) return { type: "person", ...(userById.get(m.senderUserId) ?? unknown) };
    return { type: "system" };
  };
  const nextAfterSeq = page.length > 0 ? page[page.length - 1]!.seq : afterSeq;
  return {
    conversation: { id: conversation.id, title: conversation.title, last_seq: conversation.lastSeq },
    messages: page.map((m): ReadMessage => ({
      id: m.id,
      seq: m.seq,
      kind: m.kind,
      body: m.body,
      blocks: (m.blocks as Block[] | null) ?? null,
      sender: sender(m),
      attachments: attachmentsOf(m.metadata),
      created_at: m.createdAt.toISOString(),
      edited_at: m.editedAt?.toISOString() ?? null,
    })),
    next_after_seq: nextAfterSeq,
    has_more: rows.length > limit,
  };
}

function attachmentsOf(metadata: unknown): ReadMessage["attachments"] {
  const attachments = (metadata as { attachments?: unknown } | null)?.attachments;
  if (!Array.isArray(attachments)) return [];
  return attachments.map((a: { id: string; name: string; type: string; size: number }) => ({
    id: a.id,
    name: a.name,
    type: a.type,
    size: a.size,
  }));
}
