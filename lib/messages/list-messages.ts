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

const LAST_SEQ = query("messages.lastSeq", {
  text: `SELECT last_seq FROM conversations WHERE id = $1`,
});

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
  // The conversation's last seq is read first: every message up to it was committed by then (a message and the bump
  // of last_seq are one statement), so one the page then lacks was deleted, not still on its way.
  const [conversation] = await readSql().query(LAST_SEQ, [conversationId]);
  const rows = await readSql().query(LIST, [conversationId, afterSeq, limit + 1]);
  const page = rows.slice(0, limit);
  // Sequence numbers are never reused: messages the workspace's retention deleted leave gaps, shown as ranges. Past
  // the page's last message, on the last page, the conversation's last seq says whether the newest went too.
  const removed: { from_seq: number; to_seq: number }[] = [];
  let expected = afterSeq + 1;
  for (const row of page) {
    if (row.seq > expected) removed.push({ from_seq: expected, to_seq: row.seq - 1 });
    expected = row.seq + 1;
  }
  if (rows.length <= limit) {
    const last = conversation?.last_seq ?? 0;
    if (last >= expected) removed.push({ from_seq: expected, to_seq: last });
    expected = Math.max(expected, last + 1);
  }
  const nextAfterSeq = expected - 1;
  return {
    data: page.map(serializeBotMessage),
    next_cursor: rows.length > limit ? encodeCursor({ after_seq: nextAfterSeq }) : null,
    next_after_seq: nextAfterSeq,
    removed,
  };
}
