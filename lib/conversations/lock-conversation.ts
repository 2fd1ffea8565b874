import type { Sql } from "@/lib/db/sql";

/** Takes the conversation's row lock for the rest of the transaction (see lib/policy/load-snapshot.ts). */
export async function lockConversation(sql: Sql, conversationId: string): Promise<void> {
  await sql.query("SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE", [conversationId]);
}
