import { rm } from "node:fs/promises";
import { blobPath } from "@/lib/attachments/storage";
import { query, type Sql } from "@/lib/db/sql";
import { FORGET_VECTORS_CHANNEL, forgetConversationVectors } from "@/lib/memory/vector-cache";

// What an erasure (./run-erasure.ts) and the retention of messages (lib/retention/) both do when messages go: facts
// lose their citations, files no other row refers to are deleted, and every process forgets the vectors it cached.

// Facts that cited the messages lose the citation; one left with none is `source_removed` and leaves context packs.
// (A statement of its own, run only when some fact cites them: the facts' embedding trigger fires on every UPDATE.)
const UNCITE = query("privacy.uncite", {
  text: `UPDATE contact_facts f
      SET source_message_id = NULL,
          status = CASE WHEN f.status IN ('candidate', 'confirmed') AND f.conversation_id IS NULL
                        THEN 'source_removed'::fact_status ELSE f.status END
    WHERE f.source_message_id = ANY($1::uuid[])`,
});

export async function uncite(sql: Sql, messageIds: string[]): Promise<void> {
  if (messageIds.length) await sql.query(UNCITE, [messageIds]);
}

/** Deletes each file on disk that no remaining row refers to (`shared`: another row does). Files go before rows. */
export async function removeFiles(files: { sha256: string; shared: boolean }[]): Promise<void> {
  for (const file of files) if (!file.shared) await rm(blobPath(file.sha256), { force: true });
}

// The conversations' embedding watermarks go; every process drops their cached vectors (lib/memory/vector-cache.ts).
const VECTORS = query("privacy.forgetVectors", {
  text: `WITH progress AS (DELETE FROM embedding_progress WHERE conversation_id = ANY($1::uuid[]) AND $2::boolean)
   SELECT pg_notify('${FORGET_VECTORS_CHANNEL}', array_to_string($1::uuid[], ','))`,
});

export interface ForgetVectorsOptions {
  conversationIds: string[];
  /** Also forget how far the conversations were embedded (a contact's erasure: nothing of them is left to embed). */
  watermarks: boolean;
}

export async function forgetVectors(sql: Sql, { conversationIds, watermarks }: ForgetVectorsOptions) {
  if (!conversationIds.length) return;
  await sql.query(VECTORS, [conversationIds, watermarks]);
  forgetConversationVectors(conversationIds);
}
