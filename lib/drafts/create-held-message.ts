import { query, type Sql } from "@/lib/db/sql";
import type { Block } from "@/lib/schemas/blocks";
import { notifyConversation } from "@/lib/chat/live";
import { DRAFT_LIFETIME_DAYS } from "@/lib/limits";
import { ENQUEUE_NOTIFY_FROM } from "@/lib/notifications/enqueue";

// The same statement enqueues the job that tells the people who may decide it (lib/notifications/), so the send
// path pays no round trip for it.
const INSERT = query("drafts.insertHeld", {
  text: `WITH held AS (
     INSERT INTO drafts (conversation_id, bot_id, origin, body, original_body, blocks, reasons, expires_at)
     VALUES ($1, $2, 'held_message', $3, $3, $4::jsonb, $5::text[], now() + interval '${DRAFT_LIFETIME_DAYS} days')
     RETURNING id
   ),
   told AS (${ENQUEUE_NOTIFY_FROM("draft", "held")})
   SELECT held.id FROM held CROSS JOIN (SELECT count(job) FROM told) AS queued`,
});

/** A 202 send: the message waits, with its reasons, for a person to approve or reject it. */
export async function createHeldMessage(
  sql: Sql,
  input: { botId: string; conversationId: string; body: string; blocks: Block[] | null; reasons: string[] },
): Promise<{ id: string }> {
  const rows = await sql.query(INSERT, [
    input.conversationId,
    input.botId,
    input.body,
    input.blocks ? JSON.stringify(input.blocks) : null,
    input.reasons,
  ]);
  await notifyConversation(sql, { conversationId: input.conversationId, kind: "draft" });
  return rows[0]!;
}
