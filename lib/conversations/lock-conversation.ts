import { query, statement, type Sql, type Statement } from "@/lib/db/sql";

const LOCK = query("conversations.lock", { text: "SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE" });

/** Takes the conversation's row lock for the rest of the transaction (see lib/policy/load-snapshot.ts). */
export async function lockConversation(sql: Sql, conversationId: string): Promise<void> {
  await sql.query(LOCK, [conversationId]);
}

/** The same lock as a statement, for a message of statements (a bot's send run again, lib/messages/send-message.ts). */
export const lockConversationStatement = (conversationId: string): Statement<"conversations.lock"> =>
  statement(LOCK, [conversationId]);
