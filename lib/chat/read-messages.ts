import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";
import type { AttachmentInfo } from "@/lib/attachments/store-attachment";
import { messageView, type MessageView } from "@/lib/messages/message-view";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "@/lib/limits";

// A person's paged read of a conversation (their AI assistant through MCP; the chat itself shows getThread's last
// 500): ascending seq after `after_seq` (exclusive), at most PAGE_LIMIT_MAX a page, with who wrote each message. Same
// access rule as the chat: a participant, or an admin of the workspace (requireConversationAccess).

export type ReadSender =
  | { type: "person"; handle: string; name: string }
  | { type: "bot"; handle: string; name: string; approved_by: { handle: string; name: string } | null }
  | { type: "system" };

/** What an assistant reads of a message's file: its facts, without its digest. */
export type ReadAttachment = Pick<AttachmentInfo, "id" | "name" | "type" | "size">;

/** A message as a person's assistant reads it: who wrote it by handle and name, no door, no card answers. */
export type ReadMessage = MessageView<ReadSender, ReadAttachment>;

export async function readMessages(
  actor: PersonActor,
  options: { conversationId: string; afterSeq?: number; limit?: number },
) {
  const conversationId = requireUuid(options.conversationId, "Conversation");
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
    messages: page.map((m): ReadMessage => messageView(m, { sender: sender(m), attachment: readAttachment })),
    next_after_seq: nextAfterSeq,
    has_more: rows.length > limit,
  };
}

function readAttachment({ id, name, type, size }: AttachmentInfo): ReadAttachment {
  return { id, name, type, size };
}
