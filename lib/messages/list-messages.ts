import { query, sql } from "@/lib/db/sql";
import { readSql } from "@/lib/db/replicas";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { requireBotConversation } from "@/lib/conversations/bot-access";
import { decodeCursor, encodeCursor } from "@/lib/pagination";
import { serializeBotMessage } from "./serialize";

// GET /conversations/{id}/messages: ascending seq after `after_seq` (exclusive). `cursor` is an opaque form of
// after_seq and wins when both are given. next_after_seq is what a polling bot passes back.

const isAfter = (v: unknown): v is { after_seq: number } =>
  typeof v === "object" &&
  v !== null &&
  Number.isInteger((v as { after_seq: number }).after_seq) &&
  (v as { after_seq: number }).after_seq >= 0;

const LIST = query("messages.listForBot", {
  text: `SELECT id, seq, kind, body, blocks, sender_user_id, sender_bot_id, created_at, metadata
     FROM messages WHERE conversation_id = $1 AND seq > $2
    ORDER BY seq LIMIT $3`,
});

interface ListMessagesOptions {
  conversationId: string;
  /** The seq after which to list (exclusive); `cursor` wins when both are given. */
  afterSeq: number;
  limit: number;
  cursor?: string;
}

export async function listMessages(
  bot: BotPrincipal,
  { conversationId, afterSeq: after, limit, cursor }: ListMessagesOptions,
) {
  await requireBotConversation(bot, { sql: sql(), conversationId });
  const afterSeq = cursor ? decodeCursor(cursor, isAfter).after_seq : after;
  // The access check on the primary (a revoked authorization counts at once), the page where replicas may answer.
  const rows = await readSql().query(LIST, [conversationId, afterSeq, limit + 1]);
  const page = rows.slice(0, limit);
  const nextAfterSeq = page.length > 0 ? page[page.length - 1]!.seq : afterSeq;
  return {
    data: page.map(serializeBotMessage),
    next_cursor: rows.length > limit ? encodeCursor({ after_seq: nextAfterSeq }) : null,
    next_after_seq: nextAfterSeq,
  };
}
