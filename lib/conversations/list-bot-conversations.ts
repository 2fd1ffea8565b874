import { query, sql } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/authenticate-bot";
import { decodeCursor, encodeCursor } from "@/lib/pagination";

// GET /conversations: the conversations where the bot is authorized, newest activity first
// (docs/api-contract.md#pagination).

interface Position {
  t: string;
  id: string;
}
const isPosition = (v: unknown): v is Position =>
  typeof v === "object" && v !== null && typeof (v as Position).t === "string" && typeof (v as Position).id === "string";

export interface ConversationItem {
  id: string;
  title: string | null;
  last_message_at: string;
  last_message_preview: string;
}

const LIST = query(
  "conversations.listForBot",
  `SELECT c.id, c.title, c.last_message_at, c.last_message_preview
     FROM conversations c
     JOIN bot_authorizations a ON a.conversation_id = c.id AND a.bot_id = $1 AND a.revoked_at IS NULL
    WHERE c.workspace_id = $2
      AND ($3::timestamptz IS NULL OR (c.last_message_at, c.id) < ($3::timestamptz, $4::uuid))
    ORDER BY c.last_message_at DESC, c.id DESC
    LIMIT $5`,
);

export async function listBotConversations(bot: BotPrincipal, options: { limit: number; cursor?: string }) {
  const after = options.cursor ? decodeCursor(options.cursor, isPosition) : null;
  const afterTime = after ? new Date(after.t) : null;
  const rows = await sql().query(LIST, [bot.id, bot.workspaceId, afterTime, after?.id ?? null, options.limit + 1],
  );
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    data: page.map((row): ConversationItem => ({ ...row, last_message_at: row.last_message_at.toISOString() })),
    next_cursor: rows.length > options.limit && last ? encodeCursor({ t: last.last_message_at.toISOString(), id: last.id }) : null,
  };
}
