import { query } from "@/lib/db/sql";
import { readSql } from "@/lib/db/replicas";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { decodeCursor, encodeCursor } from "@/lib/pagination";
import { isUuid } from "@/lib/ids";

// GET /conversations: the conversations where the bot is authorized, newest activity first
// (docs/api-contract.md#pagination).

interface Position {
  t: string;
  id: string;
}
const isPosition = (v: unknown): v is Position =>
  typeof v === "object" && v !== null && typeof (v as Position).t === "string" && !Number.isNaN(Date.parse((v as Position).t)) &&
  typeof (v as Position).id === "string" && isUuid((v as Position).id);

export interface ConversationItem {
  id: string;
  title: string | null;
  last_message_at: string;
  last_message_preview: string;
}

// The order comes from bot_conversation_activity (one row per active authorization, its conversation's
// last_message_at, kept by triggers): the page walks its index (bot, last activity desc, conversation desc) from
// the cursor and stops after `limit + 1` rows, instead of sorting all of the bot's conversations for every page
// (conversations.last_message_at has no index, so that each message's update of the row stays HOT). The first
// page starts from the top of the index (+infinity), so the position is always an index condition. The table holds
// exactly the active authorizations (its triggers add and remove rows in the transaction that authorizes or revokes),
// so it is also the access rule; a semi-join on bot_authorizations here made the planner sort deep pages again.
const LIST = query("conversations.listForBot", {
  text: `SELECT c.id, c.title, s.last_message_at, c.last_message_preview
     FROM bot_conversation_activity s
     JOIN conversations c ON c.id = s.conversation_id
    WHERE s.bot_id = $1
      AND c.workspace_id = $2
      AND (s.last_message_at, s.conversation_id) < ($3::timestamptz, $4::uuid)
    ORDER BY s.last_message_at DESC, s.conversation_id DESC
    LIMIT $5`,
});

const TOP = { t: "infinity", id: "ffffffff-ffff-ffff-ffff-ffffffffffff" };

export async function listBotConversations(bot: BotPrincipal, options: { limit: number; cursor?: string }) {
  const after = options.cursor ? decodeCursor(options.cursor, isPosition) : null;
  const rows = await readSql().query(LIST, [bot.id, bot.workspaceId, after ? new Date(after.t) : TOP.t, after?.id ?? TOP.id, options.limit + 1]);
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return {
    data: page.map((row): ConversationItem => ({ ...row, last_message_at: row.last_message_at.toISOString() })),
    next_cursor: rows.length > options.limit && last ? encodeCursor({ t: last.last_message_at.toISOString(), id: last.id }) : null,
  };
}
