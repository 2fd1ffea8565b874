import { query, type Sql } from "@/lib/db/sql";

// Live updates for open chat pages: every change in a conversation NOTIFYs one channel, in the transaction of the
// change (so listeners hear only committed changes). Each app process holds one LISTEN connection
// (lib/db/listener.ts) and fans the notifications out to its open streams, so several processes work together.

export const CONVERSATION_CHANNEL = "relay_conversation";
/** Changes of a workspace outside its conversations; a trigger on agent_requests sends them (migration 20261123200000). */
export const WORKSPACE_CHANNEL = "relay_workspace";

export type LiveKind = "message" | "updated" | "draft";

export interface LiveEvent {
  conversation_id: string;
  kind: LiveKind;
  seq?: number;
}

/** A bot-to-bot request of `bot_id` (a bot of the workspace) entered or left the approvals inbox. */
export interface WorkspaceNotice {
  workspace_id: string;
  kind: "agent_request";
  bot_id: string;
}

/** What a workspace's stream tells the chat's lists: a conversation changed, or the inbox's bot-to-bot requests did. */
export type WorkspaceEvent = LiveEvent | { kind: "agent_request" };

// Wrapped so the statement returns a plain integer rather than a void column.
const NOTIFY = query("live.notify", {
  text: `SELECT count(x)::int AS n FROM (SELECT pg_notify($1, $2) AS x) AS notified`,
});

/** Tells open pages of the conversation that something changed (a message row notifies by itself). */
export async function notifyConversation(
  sql: Sql,
  { conversationId, kind }: { conversationId: string; kind: LiveKind },
): Promise<void> {
  await sql.query(NOTIFY, [CONVERSATION_CHANNEL, JSON.stringify({ conversation_id: conversationId, kind })]);
}
