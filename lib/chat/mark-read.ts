import { query, sql } from "@/lib/db/sql";
import { ApiError, notFound } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";
import { conversationVisibleSql } from "@/lib/people/access";

/**
 * $1 conversation, $2 person, $3 seq. One statement: only a conversation the person sees (conversationVisibleSql)
 * gives a row to write, capped at its last message; an older mark never moves it back.
 */
const MARK_READ = query("chat.markRead", {
  text: `INSERT INTO conversation_reads (conversation_id, user_id, last_read_seq, updated_at)
  SELECT c.id, $2::uuid, LEAST($3::numeric, c.last_seq)::int, now() FROM conversations c
  WHERE c.id = $1 AND ${conversationVisibleSql("c", "$2")}
  ON CONFLICT (conversation_id, user_id) DO UPDATE
    SET last_read_seq = GREATEST(conversation_reads.last_read_seq, EXCLUDED.last_read_seq), updated_at = now()
  RETURNING conversation_id`,
});

/** Records that the person has read the conversation up to `seq` (never backwards; never past its last message). */
export async function markConversationRead(
  actor: PersonActor,
  options: { conversationId: string; seq: number },
): Promise<void> {
  const conversationId = requireUuid(options.conversationId, "Conversation");
  const { seq } = options;
  if (!Number.isInteger(seq) || seq < 0) throw new ApiError("invalid_body", "seq must be a whole number");
  const marked = await sql().query(MARK_READ, [conversationId, actor.userId, seq]);
  if (marked.length === 0) throw notFound("Conversation");
}
