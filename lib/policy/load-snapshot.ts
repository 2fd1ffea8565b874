import type { Sql } from "@/lib/db/sql";
import type { PolicyMode, PolicySnapshot } from "./types";

// Gathers everything the policy engine needs in ONE query, inside the caller's transaction. For new messages the
// conversation row is locked first (FOR UPDATE), so a STOP or a take-over committed by a person in the same
// conversation is either fully before this decision or fully after the message it allows.

interface Row {
  workspace_status: PolicySnapshot["workspace"]["status"];
  bot_status: PolicySnapshot["bot"]["status"];
  trusted_message_count: number;
  new_bot_threshold: number;
  daily_limit: number;
  conversation_limit: number | null;
  conversation_window_seconds: number | null;
  taken_over: boolean;
  bot_blocked: boolean;
  do_not_contact: boolean;
  opted_out: boolean;
  day_count: number;
  day_oldest: Date | null;
  conv_count: number;
  conv_oldest: Date | null;
}

export async function loadPolicySnapshot(
  sql: Sql,
  input: { mode: PolicyMode; botId: string; conversationId: string; content: string[]; now: Date },
): Promise<PolicySnapshot> {
  const { botId, conversationId, now } = input;
  if (input.mode === "send") {
    await sql.query("SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE", [conversationId]);
  }
  const rows = await sql.query<Row>(
    `
    SELECT w.status::text AS workspace_status,
           b.status::text AS bot_status,
           b.trusted_message_count,
           COALESCE(s.new_bot_threshold, 50) AS new_bot_threshold,
           COALESCE(s.daily_limit, 1000) AS daily_limit,
           s.conversation_limit,
           s.conversation_window_seconds,
           (c.taken_over_by_user_id IS NOT NULL) AS taken_over,
           EXISTS (SELECT 1 FROM bot_blocks x
                   WHERE x.conversation_id = c.id AND x.bot_id = b.id AND x.revoked_at IS NULL) AS bot_blocked,
           EXISTS (SELECT 1 FROM conversation_participants p JOIN contacts ct ON ct.id = p.contact_id
                   WHERE p.conversation_id = c.id AND ct.do_not_contact) AS do_not_contact,
           EXISTS (SELECT 1 FROM conversation_participants p
                   JOIN opt_outs o ON (o.user_id = p.user_id OR o.contact_id = p.contact_id)
                   WHERE p.conversation_id = c.id AND o.workspace_id = c.workspace_id AND o.revoked_at IS NULL
                     AND (o.conversation_id IS NULL OR o.conversation_id = c.id)) AS opted_out,
           day.n AS day_count, day.oldest AS day_oldest,
           conv.n AS conv_count, conv.oldest AS conv_oldest
    FROM conversations c
    JOIN bots b ON b.id = $2
    JOIN workspaces w ON w.id = c.workspace_id
    LEFT JOIN workspace_settings s ON s.workspace_id = c.workspace_id
    -- The newest daily_limit items of the rolling day (sent messages and held ones still waiting): their count,
    -- and the oldest of them, which is when a slot frees once the limit is reached.
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, min(t) AS oldest FROM (
        SELECT t FROM (
          SELECT m.created_at AS t FROM messages m
          WHERE m.sender_bot_id = b.id AND m.created_at > $3::timestamptz - interval '24 hours'
          UNION ALL
          SELECT d.created_at FROM drafts d
          WHERE d.bot_id = b.id AND d.origin = 'held_message' AND d.status = 'pending'
            AND d.created_at > $3::timestamptz - interval '24 hours'
        ) u ORDER BY t DESC LIMIT COALESCE(s.daily_limit, 1000)
      ) newest
    ) day
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, min(t) AS oldest FROM (
        SELECT m.created_at AS t FROM messages m
        WHERE s.conversation_limit IS NOT NULL AND m.conversation_id = c.id AND m.sender_bot_id = b.id
          AND m.created_at > $3::timestamptz - make_interval(secs => COALESCE(s.conversation_window_seconds, 3600))
        ORDER BY m.created_at DESC LIMIT COALESCE(s.conversation_limit, 0)
      ) newest
    ) conv
    WHERE c.id = $1`,
    [conversationId, botId, now],
  );
  const row = rows[0];
  if (!row) throw new Error(`policy snapshot: conversation ${conversationId} or bot ${botId} vanished`);

  const conversationLimit =
    row.conversation_limit !== null
      ? { max: row.conversation_limit, windowSeconds: row.conversation_window_seconds ?? 3600 }
      : null;
  const dayFull = row.day_count >= row.daily_limit && row.day_oldest;
  const convFull = conversationLimit && row.conv_count >= conversationLimit.max && row.conv_oldest;
  return {
    mode: input.mode,
    now,
    content: input.content,
    workspace: { status: row.workspace_status },
    bot: { status: row.bot_status, trustedMessageCount: row.trusted_message_count },
    settings: { newBotThreshold: row.new_bot_threshold, dailyLimit: row.daily_limit, conversationLimit },
    conversation: {
      takenOver: row.taken_over,
      botBlocked: row.bot_blocked,
      doNotContact: row.do_not_contact,
      optedOut: row.opted_out,
    },
    usage: {
      dayCount: row.day_count,
      dayFreesAt: dayFull && row.day_oldest ? new Date(row.day_oldest.getTime() + 24 * 3600_000) : null,
      conversationCount: row.conv_count,
      conversationFreesAt:
        convFull && row.conv_oldest && conversationLimit
          ? new Date(row.conv_oldest.getTime() + conversationLimit.windowSeconds * 1000)
          : null,
    },
  };
}
