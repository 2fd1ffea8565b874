import { db } from "@/lib/db/client";
import { readSql } from "@/lib/db/replicas";
import { query } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { conversationVisibleSql } from "@/lib/people/access";

export interface ConversationSummary {
  id: string;
  title: string | null;
  last_message_preview: string | null;
  last_message_at: string | null;
  unread_count: number;
  pending_approvals: number;
  taken_over: boolean;
}

const LIST = query("chat.listConversations", {
  text: `SELECT c.id, c.title, c.last_message_preview, c.last_message_at, c.last_seq, r.last_read_seq,
          (SELECT count(*)::int FROM drafts d WHERE d.conversation_id = c.id AND d.status = 'pending' AND d.expires_at > now()) AS pending,
          (c.taken_over_by_user_id IS NOT NULL) AS taken_over
     FROM conversations c
     LEFT JOIN conversation_reads r ON r.conversation_id = c.id AND r.user_id = $2
    WHERE c.workspace_id = $1
      AND ${conversationVisibleSql("c", "$2")}
    ORDER BY c.last_message_at DESC, c.id
    LIMIT 500`,
  notNull: ["pending", "taken_over"],
});

/**
 * The conversations a person sees in a workspace, newest activity first: those they take part in (every one, for
 * an admin), each with how many messages they have not read and how many drafts wait for a person there.
 */
export async function listPersonConversations(actor: PersonActor, workspaceId: string): Promise<ConversationSummary[]> {
  const workspace = await db().workspace.findUnique({ where: { id: requireUuid(workspaceId, "Workspace") } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  await requireMember(actor, { client: db(), workspaceId: workspace.id });
  const rows = await readSql().query(LIST, [workspace.id, actor.userId]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    last_message_preview: row.last_message_preview || null,
    last_message_at: row.last_seq > 0 ? row.last_message_at.toISOString() : null,
    unread_count: Math.max(0, row.last_seq - (row.last_read_seq ?? 0)),
    pending_approvals: row.pending,
    taken_over: row.taken_over,
  }));
}
