import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import type { PersonActor } from "@/lib/people/actor";
import { requireConversationAccess } from "@/lib/people/access";

/** Records that the person has read the conversation up to `seq` (never backwards; never past its last message). */
export async function markConversationRead(actor: PersonActor, id: string, seq: number): Promise<void> {
  const conversationId = requireUuid(id, "Conversation");
  if (!Number.isInteger(seq) || seq < 0) throw new ApiError("invalid_body", "seq must be a whole number");
  const { conversation } = await requireConversationAccess(db(), actor, conversationId);
  const upTo = Math.min(seq, conversation.lastSeq);
  await db().$executeRaw`
    INSERT INTO conversation_reads (conversation_id, user_id, last_read_seq, updated_at)
    VALUES (${conversationId}::uuid, ${actor.userId}::uuid, ${upTo}, now())
    ON CONFLICT (conversation_id, user_id) DO UPDATE
      SET last_read_seq = GREATEST(conversation_reads.last_read_seq, EXCLUDED.last_read_seq), updated_at = now()`;
}
