import { randomUUID } from "node:crypto";
import { query, type Sql } from "@/lib/db/sql";
import type { EventType } from "./event-types";

// Events are written, with one delivery row per receiving bot and one job per delivery, in the caller's
// transaction: the change that caused an event and its deliveries commit together or not at all, so nothing is
// lost if the process dies at any point (docs/decisions/006-webhook-delivery.md). One statement per event.

export const DELIVER_TASK = "deliver_webhook";
export const deliveryJobKey = (deliveryId: string) => `webhook:${deliveryId}`;

/** The SQL that enqueues the delivery job of each row of `source` (a relation with an `id` column). */
export const ENQUEUE_FROM = (source: string, runAt = "NULL") =>
  `SELECT relay_enqueue_job('${DELIVER_TASK}', json_build_object('delivery_id', ${source}.id), run_at := ${runAt},
          max_attempts := 3, job_key := 'webhook:' || ${source}.id) FROM ${source}`;

// Who receives an event of a conversation: bots that want this type, have somewhere to hear it (a webhook URL, or a
// `relay listen` stream holding a live lease: docs/decisions/039-relay-listen.md), are not stopped, are authorized in
// the conversation by a participant and not blocked there (docs/api-contract.md#events). $1 conversation, $2 type.
const HEARS = `(b.webhook_url IS NOT NULL OR b.listen_until > now())`;
const WANTS = `b.status <> 'stopped' AND ${HEARS} AND ($2 = 'ping' OR $2 = ANY (b.event_types))`;
const AUTHORIZED = `EXISTS (SELECT 1 FROM bot_authorizations a WHERE a.conversation_id = $1 AND a.bot_id = b.id AND a.revoked_at IS NULL)
  AND NOT EXISTS (SELECT 1 FROM bot_blocks k WHERE k.conversation_id = $1 AND k.bot_id = b.id AND k.revoked_at IS NULL)`;

// $3 event id, $4 workspace, $5 created_at (ISO text), $6 data (jsonb), $7 handles @-mentioned (message.created).
// The envelope's `id` is the delivery's (one per event and bot, kept across retries and replays) and `bot_id` names
// the receiving bot, so bots behind one URL each get their own copy; `data` keeps the shared ids
// (docs/decisions/024-webhook-identity-and-standard-webhooks.md). The id is drawn in the recipients so the stored
// payload holds it.
// A triggered sample (`relay trigger`, lib/webhooks/trigger-event.ts) says so in its stored payload, outside the
// envelope: the attempt and the stream mark it with a header (lib/webhooks/signed-request.ts).
const insertDeliveries = (recipients: string, { test = false }: { test?: boolean } = {}) => `
  WITH recipients AS (SELECT gen_random_uuid() AS delivery_id, r.* FROM (${recipients}) r),
  inserted AS (
    INSERT INTO webhook_deliveries (id, event_id, event_type, bot_id, workspace_id, conversation_id, payload, next_attempt_at)
    SELECT r.delivery_id, $3::uuid, $2, r.id, $4::uuid, $1::uuid,
           jsonb_build_object('id', r.delivery_id::text, 'type', $2::text, 'created_at', $5::text, 'bot_id', r.id::text,
             'data',
             CASE WHEN $2 = 'message.created'
                  THEN jsonb_set($6::jsonb, '{message,mentioned}', to_jsonb(r.handle = ANY ($7::text[])))
                  ELSE $6::jsonb END)${test ? ` || '{"test": true}'::jsonb` : ""},
           $5::timestamptz
      FROM recipients r
    RETURNING id
  )
  ${
    test
      ? // Its delivery's id back too; the jobs' CTE is read so that it runs.
        `, enqueued AS (${ENQUEUE_FROM("inserted")})
  SELECT i.id FROM inserted i WHERE (SELECT count(*) FROM enqueued) > 0`
      : ENQUEUE_FROM("inserted")
  }`;

const TO_CONVERSATION = query("webhooks.emitToConversation", {
  text: insertDeliveries(`SELECT b.id, b.handle FROM bots b WHERE ${WANTS} AND ${AUTHORIZED}`),
});
// $8: the one bot. Events of a conversation still need the bot's standing authorization there.
const TO_BOT = query("webhooks.emitToBot", {
  text: insertDeliveries(
    `SELECT b.id, b.handle FROM bots b WHERE b.id = $8::uuid AND ${WANTS} AND ($1::uuid IS NULL OR (${AUTHORIZED}))`,
  ),
});

// $8: the one bot. A sample the developer asked for goes whatever the bot subscribed to, as a ping does, wherever
// it can be heard; it names no real conversation ($1 is null), so no authorization applies. Returns the delivery.
const TEST_TO_BOT = query("webhooks.emitTestToBot", {
  text: insertDeliveries(
    `SELECT b.id, b.handle FROM bots b WHERE b.id = $8::uuid AND b.status <> 'stopped' AND ${HEARS}`,
    { test: true },
  ),
});

export interface EventInput {
  type: EventType;
  workspaceId: string;
  conversationId: string | null;
  data: Record<string, unknown>;
  now?: Date;
}

/** Handles a person @-mentioned in a message body (`@helper`, `@build-bot`), lower-cased. */
export function mentionedHandles(body: string): string[] {
  return [...body.matchAll(/(?<![\w@])@([a-z][a-z0-9_-]{2,31})(?![a-z0-9_-])/gi)].map((m) => m[1]!.toLowerCase());
}

function values(input: EventInput, eventId: string, mentions: string[]) {
  const createdAt = (input.now ?? new Date()).toISOString();
  const data = JSON.stringify(input.data);
  return [input.conversationId, input.type, eventId, input.workspaceId, createdAt, data, mentions] as [
    string | null,
    string,
    string,
    string,
    string,
    string,
    string[],
  ];
}

/** Fans an event of a conversation out to every bot there that wants it. Returns the event id. */
export async function emitToConversation(sql: Sql, input: EventInput & { mentions?: string[] }): Promise<string> {
  const eventId = randomUUID();
  await sql.query(TO_CONVERSATION, values(input, eventId, input.mentions ?? []));
  return eventId;
}

export interface EmitToBotInput extends EventInput {
  /** The one bot to tell. */
  botId: string;
}

/** Sends an event to one bot, if it wants it (and, for a conversation's event, still stands authorized there). */
export async function emitToBot(sql: Sql, { botId, ...input }: EmitToBotInput): Promise<string> {
  const eventId = randomUUID();
  await sql.query(TO_BOT, [...values(input, eventId, []), botId]);
  return eventId;
}

// $8: the bots. A privacy event (contact.erased) goes to every one of them that can hear it, whatever it subscribed to
// and whatever its standing: a stopped or revoked bot may still hold copies of what it read.
const PRIVACY_TO_BOTS = query("webhooks.emitPrivacyToBots", {
  text: insertDeliveries(`SELECT b.id, b.handle FROM bots b WHERE b.id = ANY ($8::uuid[]) AND ${HEARS}`),
});

export interface EmitToBotsInput extends EventInput {
  botIds: string[];
}

/** Sends a privacy event to each of the bots that can hear it (a webhook URL, or a live `relay listen` stream). */
export async function emitPrivacyEvent(sql: Sql, { botIds, ...input }: EmitToBotsInput): Promise<string> {
  const eventId = randomUUID();
  await sql.query(PRIVACY_TO_BOTS, [...values(input, eventId, []), botIds]);
  return eventId;
}

export interface EmitTestInput extends EmitToBotInput {
  /** The sample's event id (data may name it, e.g. an agent request's). */
  eventId?: string;
  /** Handles its message @-names (message.created). */
  mentions?: string[];
}

/**
 * Sends a sample event to one bot (`relay trigger`): through the same insert and job as a real event, so the bot's
 * webhook URL and any `relay listen` stream get it as they would a real one; marked as a test. Returns the delivery's
 * id, or null when the bot has nowhere to hear it (no webhook URL and no live listen lease) or is stopped.
 */
export async function emitTestToBot(
  sql: Sql,
  { botId, eventId = randomUUID(), mentions = [], ...input }: EmitTestInput,
): Promise<{ deliveryId: string; eventId: string } | null> {
  const [row] = await sql.query(TEST_TO_BOT, [...values(input, eventId, mentions), botId]);
  return row ? { deliveryId: row.id, eventId } : null;
}
