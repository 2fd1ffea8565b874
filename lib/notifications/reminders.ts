import { query, sql as pool, type Sql } from "@/lib/db/sql";
import { POLICY_DEFAULTS } from "@/lib/policy/defaults";
import { ENQUEUE_NOTIFY_FROM } from "./enqueue";

// One reminder for an approval still waiting after the workspace's reminder time (default an hour; admins change it
// on "Bots & policy", stored with the policy settings: workspace_settings.approval_reminder_minutes). A sweep (the
// worker's crontab, every minute: jobs/worker.ts) marks each such draft, held message or bot-to-bot request reminded
// and enqueues its fan-out in the same statement, so a reminder is sent once and never lost; the fan-out tells the
// same people as the first notification (lib/notifications/recipients.ts), if it still waits by then.
// Candidate facts get no reminder: they have no deadline and nothing is lost while they wait.

export const REMINDERS_TASK = "send_reminders";
/** graphile-worker crontab line: every minute, one job at a time (job key). */
export const REMINDERS_CRONTAB = `* * * * * ${REMINDERS_TASK} ?jobKey=${REMINDERS_TASK}&max=3`;
/** Approvals one sweep reminds of, per kind; more wait for the next minute. */
const SWEEP_MAX = 1000;
const MINUTES = `COALESCE(s.approval_reminder_minutes, ${POLICY_DEFAULTS.approvalReminderMinutes})`;

const DRAFTS = query("notifications.remindDrafts", {
  text: `
  WITH due AS (
    SELECT d.id FROM drafts d
      JOIN conversations c ON c.id = d.conversation_id
      LEFT JOIN workspace_settings s ON s.workspace_id = c.workspace_id
     WHERE d.status = 'pending' AND d.reminded_at IS NULL AND d.expires_at > $1::timestamptz
       AND d.created_at <= $1::timestamptz - make_interval(mins => ${MINUTES})
     ORDER BY d.created_at LIMIT ${SWEEP_MAX}
     FOR UPDATE OF d SKIP LOCKED
  ),
  reminded AS (UPDATE drafts SET reminded_at = $1::timestamptz FROM due WHERE drafts.id = due.id RETURNING drafts.id),
  told AS (${ENQUEUE_NOTIFY_FROM("draft_reminder", "reminded")})
  SELECT count(job)::int AS n FROM told`,
  notNull: ["n"],
});

// Escalation (issue 33): an item a workspace rule routed with `escalate` that nobody decided within the rule's minutes
// is marked escalated (from then its escalation group may decide it too: lib/drafts/deciders.ts) and the group is
// told, once, in the same statement. Expiry stays as it is: silence is never consent.
const ESCALATE = query("notifications.escalateDrafts", {
  text: `
  WITH due AS (
    SELECT d.id FROM drafts d
     WHERE d.status = 'pending' AND d.escalated_at IS NULL AND d.escalate_after_minutes IS NOT NULL
       AND d.expires_at > $1::timestamptz
       AND d.created_at <= $1::timestamptz - make_interval(mins => d.escalate_after_minutes)
     ORDER BY d.created_at LIMIT ${SWEEP_MAX}
     FOR UPDATE OF d SKIP LOCKED
  ),
  escalated AS (UPDATE drafts SET escalated_at = $1::timestamptz FROM due WHERE drafts.id = due.id
                RETURNING drafts.id, drafts.origin, drafts.conversation_id, drafts.approver_group, drafts.escalation_group),
  -- The audit chain's entry of each escalation (lib/audit/audit-log.ts): ids and the groups' slugs only.
  chained AS (
    INSERT INTO audit_log (kind, workspace_id, actor_type, actor_id, subject_type, subject_id, facts)
    SELECT e.origin || '.escalated', c.workspace_id, 'system', NULL, 'draft', e.id::text,
           jsonb_build_object('conversationId', e.conversation_id, 'group', e.approver_group, 'escalatedTo', e.escalation_group)
      FROM escalated e JOIN conversations c ON c.id = e.conversation_id
  ),
  told AS (${ENQUEUE_NOTIFY_FROM("draft_escalated", "escalated")})
  SELECT count(job)::int AS n FROM told`,
  notNull: ["n"],
});

// An approved request's clock restarts (lib/agents/approve-agent-request.ts), but it no longer waits for a person:
// only requests still pending approval are reminded of, by when they were asked.
const REQUESTS = query("notifications.remindAgentRequests", {
  text: `
  WITH due AS (
    SELECT r.id FROM agent_requests r
      JOIN bots b ON b.id = r.from_bot_id
      LEFT JOIN workspace_settings s ON s.workspace_id = b.workspace_id
     WHERE r.status = 'pending_approval' AND r.reminded_at IS NULL AND r.expires_at > $1::timestamptz
       AND r.created_at <= $1::timestamptz - make_interval(mins => ${MINUTES})
     ORDER BY r.created_at LIMIT ${SWEEP_MAX}
     FOR UPDATE OF r SKIP LOCKED
  ),
  reminded AS (UPDATE agent_requests SET reminded_at = $1::timestamptz FROM due WHERE agent_requests.id = due.id
               RETURNING agent_requests.id),
  told AS (${ENQUEUE_NOTIFY_FROM("agent_request_reminder", "reminded")})
  SELECT count(job)::int AS n FROM told`,
  notNull: ["n"],
});

/** Marks what is due for its reminder (as of `now`) and enqueues the reminders; returns how many of each. */
export async function sendReminders(now: Date = new Date(), sql: Sql = pool()) {
  const [drafts] = await sql.query(DRAFTS, [now]);
  const [requests] = await sql.query(REQUESTS, [now]);
  const [escalated] = await sql.query(ESCALATE, [now]);
  return { drafts: drafts?.n ?? 0, agentRequests: requests?.n ?? 0, escalated: escalated?.n ?? 0 };
}
