import { query, transaction, type Sql } from "@/lib/db/sql";
import { notifyConversation } from "@/lib/chat/live";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import { draftExpired } from "@/lib/webhooks/events";

// Drafts and held messages wait DRAFT_LIFETIME_DAYS for a person, then expire: never a silent loss. A sweep (the
// worker's crontab, every minute: jobs/worker.ts) marks the overdue ones expired; approving one that is overdue marks
// it too (lib/drafts/approve-draft.ts). Either way, in the transaction that marks it: the bot hears `draft.expired`,
// the people who could have decided it are told (lib/notifications/), and open chat pages drop its card.

export const EXPIRE_DRAFTS_TASK = "expire_drafts";
/** graphile-worker crontab line: every minute, one job at a time (job key). */
export const EXPIRE_DRAFTS_CRONTAB = `* * * * * ${EXPIRE_DRAFTS_TASK} ?jobKey=${EXPIRE_DRAFTS_TASK}&max=3`;
/** Drafts one sweep expires; more wait for the next minute. */
const SWEEP_MAX = 500;

export interface ExpiredDraft {
  id: string;
  conversationId: string;
  botId: string;
  workspaceId: string;
  origin: "draft" | "held_message";
}

interface AfterDraftExpiredOptions {
  draft: ExpiredDraft;
  expiredAt: Date;
}

/** What follows a draft's expiry, in the transaction that marked it expired. */
export async function afterDraftExpired(sql: Sql, { draft, expiredAt }: AfterDraftExpiredOptions): Promise<void> {
  await draftExpired(sql, {
    workspaceId: draft.workspaceId,
    conversationId: draft.conversationId,
    botId: draft.botId,
    draftId: draft.id,
    origin: draft.origin,
    expiredAt,
  });
  await enqueueNotification(sql, { event: "draft_expired", id: draft.id });
  await notifyConversation(sql, { conversationId: draft.conversationId, kind: "draft" });
}

/**
 * Marks every pending draft past its expiry (as of `now`) expired, with what follows. Rows a person is deciding at
 * this moment (locked) are left to the next sweep, or to the approval itself.
 */
const EXPIRE_DUE = query("drafts.expireDue", {
  text: `WITH due AS (
     SELECT id FROM drafts WHERE status = 'pending' AND expires_at <= $1::timestamptz
     ORDER BY expires_at LIMIT ${SWEEP_MAX} FOR UPDATE SKIP LOCKED
   )
   UPDATE drafts d
      SET status = 'expired',
          follow_up_status = CASE WHEN d.follow_up_body IS NOT NULL THEN 'cancelled'::follow_up_status END,
          follow_up_cancel_reason = CASE WHEN d.follow_up_body IS NOT NULL THEN 'draft_expired' END
     FROM due, conversations c
    WHERE d.id = due.id AND c.id = d.conversation_id
   RETURNING d.id, d.conversation_id, d.bot_id, c.workspace_id, d.origin`,
});

export async function expireDrafts(now: Date = new Date()): Promise<{ expired: string[] }> {
  return transaction(async (sql) => {
    const rows = await sql.query(EXPIRE_DUE, [now]);
    for (const row of rows) {
      const expired = { id: row.id, conversationId: row.conversation_id, botId: row.bot_id, origin: row.origin };
      await afterDraftExpired(sql, { draft: { ...expired, workspaceId: row.workspace_id }, expiredAt: now });
    }
    return { expired: rows.map((row) => row.id) };
  });
}
