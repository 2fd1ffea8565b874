import { query, type Sql } from "@/lib/db/sql";

// What happened that people may need to hear about, as the fan-out job's payload (task `notify`). The job is enqueued
// in the transaction of the change (docs/decisions/006: a change and its job commit together), so a crash loses no
// notification; the job then asks lib/notifications/recipients.ts who is told, writes their notifications and
// schedules their delivery (lib/notifications/fan-out.ts). Retried on failure; idempotent (dedupe keys).

export const NOTIFY_TASK = "notify";
/** Tries of a fan-out job (graphile-worker's exponential backoff: about 2.5 hours in all). */
export const NOTIFY_MAX_ATTEMPTS = 10;

export type NotifyEvent =
  /** A draft or a held message waits for a person (id: the draft). */
  | { event: "draft"; id: string }
  /** A bot-to-bot request waits for approval (id: the agent request). */
  | { event: "agent_request"; id: string }
  /** A bot proposed a fact about a contact (id: the fact). */
  | { event: "fact"; id: string }
  /** A person's message @-names people (id: the message; actor: its author). */
  | { event: "mention"; id: string; actor: string }
  /** An admin paused or stopped a bot (id: the bot; at: its status_changed_at, which tells one change from another). */
  | { event: "bot_status"; id: string; status: "paused" | "stopped"; actor: string | null; at: string }
  /** An approval still waits after the workspace's reminder time (id: the draft, or the agent request). */
  | { event: "draft_reminder"; id: string }
  | { event: "agent_request_reminder"; id: string }
  /** Nobody decided an item a rule routed within the rule's time: its escalation group is told (id: the draft). */
  | { event: "draft_escalated"; id: string }
  /** A draft or held message expired, undecided (id: the draft). */
  | { event: "draft_expired"; id: string }
  /** A person asked to be erased from the workspace: its admins are told (id: the erasure request). */
  | { event: "erasure_request"; id: string };

export type NotifyEventName = NotifyEvent["event"];

const ENQUEUE = query("notifications.enqueue", {
  text: `SELECT relay_enqueue_job('${NOTIFY_TASK}', $1::json, max_attempts := ${NOTIFY_MAX_ATTEMPTS}) AS id`,
});

/** Enqueues the fan-out of an event in the caller's transaction: one statement. */
export async function enqueueNotification(sql: Sql, event: NotifyEvent): Promise<void> {
  await sql.query(ENQUEUE, [JSON.stringify(event)]);
}

/**
 * The SQL that enqueues the fan-out of `event` for each row of `source` (a relation with an `id` column), for a
 * statement that writes the rows and enqueues their jobs at once (a held message: lib/drafts/create-held-message.ts).
 * Its one column, `job`, must be read (count(job)) for PostgreSQL to run it.
 */
export const ENQUEUE_NOTIFY_FROM = (
  event: "draft" | "draft_reminder" | "draft_escalated" | "agent_request_reminder",
  source: string,
) =>
  `SELECT relay_enqueue_job('${NOTIFY_TASK}', json_build_object('event', '${event}', 'id', ${source}.id),
          max_attempts := ${NOTIFY_MAX_ATTEMPTS}) AS job FROM ${source}`;
