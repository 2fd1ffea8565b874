import { query, statement, type RowOf, type Sql, type Statement } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { botAccessColumns, requireBotAccess } from "@/lib/conversations/bot-access";
import { POLICY_DEFAULTS } from "./defaults";
import { HOUR_ORIGIN } from "./hour-buckets";
import type { RuleInput } from "./custom/types";
import { ruleContact, ruleContactsSql } from "./rule-contacts";
import { compiledRuleSet } from "./rule-sets/compiled-rule-set";
import type { CustomRules, MessageShape, PolicyMode, PolicySnapshot } from "./types";

// Gathers everything the policy engine needs in ONE query, inside the caller's transaction. A caller that will
// write a message holds the conversation's row lock from then until its commit (a bot's send takes it in this very
// statement, sendSnapshotStatement; an approval locks first, lockConversation), so a take-over is either fully before
// the decision or fully after the message it allows.

/**
 * A bot's rolling 24 hours, exactly, as one SQL expression (`bot`, `now`: SQL expressions of its id and the policy's
 * time): the bot's hourly counts for the hours wholly inside the window, plus its messages of the one hour the
 * window's start cuts through, plus its held messages still waiting, counted up to `cap`. At most 25 small rows and an
 * hour of index entries, however much the bot sent that day. When a slot is free again is asked only once a limit is
 * reached (slotFreesAt).
 */
function dayCountSql({ bot, now, cap }: { bot: string; now: string; cap: string }): string {
  return `(SELECT COALESCE(sum(h.n), 0)::int FROM bot_hourly_sends h
             WHERE h.bot_id = ${bot} AND h.hour > ${now} - interval '24 hours')
        + (SELECT count(*)::int FROM messages m
             WHERE m.sender_bot_id = ${bot} AND m.created_at > ${now} - interval '24 hours'
               AND m.created_at < date_bin('1 hour', ${now} - interval '24 hours', ${HOUR_ORIGIN}) + interval '1 hour')
        + (SELECT count(*)::int FROM (
             SELECT 1 FROM drafts d
             WHERE d.bot_id = ${bot} AND d.origin = 'held_message' AND d.status = 'pending'
               AND d.created_at > ${now} - interval '24 hours'
             LIMIT ${cap}) y)`;
}

/**
 * The snapshot's one statement. With `access` (a bot's send) it also answers whether the conversation is the bot's
 * and takes the conversation's row lock: one round trip instead of two. When the lock had to be awaited, PostgreSQL
 * re-reads the locked row (a take-over committed meanwhile is seen); the other tables are read as of the
 * statement's start.
 */
const snapshotStatement = (access: boolean, { lock = access }: { lock?: boolean } = {}) => `
    SELECT ${access ? `${botAccessColumns("$4", "b.id")}, c.last_seq, now()::timestamptz(3) AS transaction_now, $3::timestamptz AS policy_now,` : ""}
           w.status AS workspace_status,
           c.workspace_id AS snapshot_workspace_id,
           b.handle AS bot_handle,
           c.labels AS conversation_labels,
           COALESCE(s.time_zone, 'UTC') AS workspace_time_zone,
           who.contact_count, who.contact_high, who.contact_time_zone, who.contact_labels,
           b.status AS bot_status,
           b.trusted_message_count,
           COALESCE(s.new_bot_threshold, ${POLICY_DEFAULTS.newBotThreshold}) AS new_bot_threshold,
           COALESCE(s.daily_limit, ${POLICY_DEFAULTS.dailyLimit}) AS daily_limit,
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
           day.n AS day_count, conv.n AS conv_count
    FROM conversations c
    JOIN bots b ON b.id = $2
    JOIN workspaces w ON w.id = c.workspace_id
    LEFT JOIN workspace_settings s ON s.workspace_id = c.workspace_id
    -- The rolling 24 hours, exactly (dayCountSql).
    CROSS JOIN LATERAL (
      SELECT ${dayCountSql({ bot: "b.id", now: "$3::timestamptz", cap: `COALESCE(s.daily_limit, ${POLICY_DEFAULTS.dailyLimit})` })} AS n
    ) day
    CROSS JOIN LATERAL ${ruleContactsSql("c")} who
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n FROM (
        SELECT 1 FROM messages m
        WHERE s.conversation_limit IS NOT NULL AND m.conversation_id = c.id AND m.sender_bot_id = b.id
          AND m.created_at > $3::timestamptz - make_interval(secs => COALESCE(s.conversation_window_seconds, ${POLICY_DEFAULTS.conversationWindowSeconds}))
        LIMIT COALESCE(s.conversation_limit, 0)
      ) x
    ) conv
    WHERE c.id = $1${lock ? " FOR UPDATE OF c" : ""}`;

const COMPUTED = [
  "workspace_time_zone",
  "contact_count",
  "contact_high",
  "contact_labels",
  "new_bot_threshold",
  "daily_limit",
  "taken_over",
  "bot_blocked",
  "do_not_contact",
  "opted_out",
  "day_count",
  "conv_count",
];
const SNAPSHOT = query("policy.snapshot", { text: snapshotStatement(false), notNull: COMPUTED });
// Planned once per connection (genericPlan): its values are ids and the policy's time, so no plan is better for one
// value than another, and planning it afresh cost three times what running it does.
const SEND_SNAPSHOT = query("policy.sendSnapshot", {
  text: snapshotStatement(true),
  genericPlan: true,
  notNull: [...COMPUTED, "authorized", "transaction_now", "policy_now"],
});
/** The verdict check's (POST .../messages/check): the send's statement without its row lock, for it writes nothing. */
const CHECK_SNAPSHOT = query("policy.checkSnapshot", {
  text: snapshotStatement(true, { lock: false }),
  genericPlan: true,
  notNull: [...COMPUTED, "authorized", "transaction_now", "policy_now"],
});
type Row = RowOf<"policy.snapshot">;

/** What a snapshot is taken for: whose message, where, its content and shape, at the policy's time. */
interface SnapshotInput {
  mode: PolicyMode;
  botId: string;
  conversationId: string;
  content: string[];
  shape?: MessageShape;
  now: Date;
}

export async function loadPolicySnapshot(sql: Sql, input: SnapshotInput): Promise<PolicySnapshot> {
  const rows = await sql.query(SNAPSHOT, [input.conversationId, input.botId, input.now]);
  const row = rows[0];
  if (!row) throw new Error(`policy snapshot: conversation ${input.conversationId} or bot ${input.botId} vanished`);
  return toSnapshot(sql, row, input);
}

const LOCK_BOT_SENDS = query("policy.lockBotSends", {
  text: "SELECT pg_advisory_xact_lock(hashtext('bot-sends:' || $1::text))",
});

/**
 * The bot's sending lock (issue 19; since issue 36 taken at commit, docs/decisions/041-one-busy-bot.md). Sends of one
 * bot to different conversations each count the bot's day in their snapshot, before the others commit: together they
 * would pass its daily limit (20 sends at once to 8 conversations with a limit of 12 sent 15 to 18). A send that
 * writes (a message, or a held message, which counts too) takes this lock in the message that carries its COMMIT and
 * checks there, after its own write, that the bot's day holds no more than its limit (botDayHoldsStatement): two
 * sends' checks never overlap, and each sees every send committed before it. The lock is held from that message to
 * its COMMIT only, never across the app's work between round trips. A send that loses the race fails at commit and
 * is run again with this lock taken first, before its snapshot (sendOpening's `serialized`), as every send was until
 * issue 36: its verdict is then exact (deferred, or sent if a slot came free). Sends to one conversation are
 * serialized by its row lock already; approvals are not counted against the limit and do not take this lock.
 */
export const lockBotSendsStatement = (bot: BotPrincipal): Statement<"policy.lockBotSends"> =>
  statement(LOCK_BOT_SENDS, [bot.id]);

/** What relay_expect raises with when a send's commit finds the bot's day over its limit. */
const DAY_FULL = "bot-sends: the daily limit was reached by sends committed meanwhile";

// Counted with the cap one past the limit: a day of held messages alone must show that it is over.
const BOT_DAY_HOLDS = query("policy.botDayHolds", {
  genericPlan: true,
  text: `SELECT relay_expect(day.n <= day.daily_limit, '${DAY_FULL}') AS holds
    FROM bots b
    LEFT JOIN workspace_settings s ON s.workspace_id = b.workspace_id
    CROSS JOIN LATERAL (
      SELECT COALESCE(s.daily_limit, ${POLICY_DEFAULTS.dailyLimit}) AS daily_limit,
             ${dayCountSql({ bot: "b.id", now: "$2::timestamptz", cap: `COALESCE(s.daily_limit, ${POLICY_DEFAULTS.dailyLimit}) + 1` })} AS n
    ) day
    WHERE b.id = $1`,
});

/**
 * The check a writing send queues after its write, under lockBotSendsStatement: the bot's rolling day, as of the
 * snapshot's time `now` and with this send counted, is within its limit; else the transaction fails (lostDayRace).
 */
export const botDayHoldsStatement = (bot: BotPrincipal, { now }: { now: Date }): Statement<"policy.botDayHolds"> =>
  statement(BOT_DAY_HOLDS, [bot.id, now]);

/** Whether a send's transaction failed because sends committed since its snapshot filled the bot's day. */
export const lostDayRace = (error: unknown): boolean => error instanceof Error && error.message.includes(DAY_FULL);

interface SendSnapshotOptions {
  conversationId: string;
  /** The policy's time: its rolling windows end here. */
  now: Date;
}

/**
 * A bot's send opens its transaction with this statement: the access check of requireBotConversation (404 for no
 * such conversation, 403 when it is not the bot's), the conversation's row lock and the policy snapshot, in one.
 */
export function sendSnapshotStatement(
  bot: BotPrincipal,
  { conversationId, now }: SendSnapshotOptions,
): Statement<"policy.sendSnapshot"> {
  return statement(SEND_SNAPSHOT, [conversationId, bot.id, now, bot.workspaceId]);
}

/** The verdict check's statement: the send's access check and snapshot, taking no lock. */
export function checkSnapshotStatement(
  bot: BotPrincipal,
  { conversationId, now }: SendSnapshotOptions,
): Statement<"policy.checkSnapshot"> {
  return statement(CHECK_SNAPSHOT, [conversationId, bot.id, now, bot.workspaceId]);
}

interface ReadSendSnapshotOptions {
  /** The send's transaction. */
  sql: Sql;
  conversationId: string;
  /** What the message says (messageContent), as the policy reads it. */
  content: string[];
  /** Its blocks' types (messageShape), as custom rules read them. */
  shape?: MessageShape;
  /** What sendSnapshotStatement (or checkSnapshotStatement) returned. */
  rows: RowOf<"policy.sendSnapshot">[];
}

/**
 * Reads the rows of sendSnapshotStatement: the verdict's snapshot, and what the send's message will be if it is
 * written in this transaction (the seq after the locked row's last one; the transaction's time, rounded to the
 * milliseconds `messages.created_at` keeps, as its created_at).
 */
export async function readSendSnapshot(
  bot: BotPrincipal,
  { sql, conversationId, content, shape, rows }: ReadSendSnapshotOptions,
): Promise<{ workspaceId: string; snapshot: PolicySnapshot; next: { seq: number; createdAt: Date } }> {
  const row = rows[0];
  const { workspaceId } = requireBotAccess(row);
  const { last_seq: lastSeq, transaction_now: createdAt, policy_now: now } = row!;
  const snapshot = await toSnapshot(sql, row!, { conversationId, content, shape, mode: "send", botId: bot.id, now });
  return { workspaceId, snapshot, next: { seq: lastSeq + 1, createdAt } };
}

async function toSnapshot(sql: Sql, row: Row, input: SnapshotInput): Promise<PolicySnapshot> {
  const { botId, conversationId, now } = input;
  const conversationLimit =
    row.conversation_limit !== null
      ? {
          max: row.conversation_limit,
          windowSeconds: row.conversation_window_seconds ?? POLICY_DEFAULTS.conversationWindowSeconds,
        }
      : null;
  const dayFreesAt =
    row.day_count >= row.daily_limit
      ? await slotFreesAt(sql, { botId, now, limit: row.daily_limit, windowSeconds: 24 * 3600, withHeld: true })
      : null;
  const conversationFreesAt =
    conversationLimit && row.conv_count >= conversationLimit.max
      ? await slotFreesAt(sql, {
          botId,
          conversationId,
          now,
          limit: conversationLimit.max,
          windowSeconds: conversationLimit.windowSeconds,
          withHeld: false,
        })
      : null;
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
    usage: { dayCount: row.day_count, dayFreesAt, conversationCount: row.conv_count, conversationFreesAt },
    ...(await customRules(sql, row, input)),
  };
}

/**
 * The workspace's compiled rules (cached per process and version; read in the caller's transaction when not cached,
 * so a send holding its locks never waits for a second pooled connection) and what they would read.
 */
async function customRules(
  sql: Sql,
  row: Row,
  input: { botId: string; content: string[]; shape?: MessageShape; now: Date },
): Promise<{ custom?: CustomRules }> {
  const rules = await compiledRuleSet(row.snapshot_workspace_id, { sql });
  if (rules.version === null) return {};
  const ruleInput: RuleInput = {
    bot: { id: input.botId, handle: row.bot_handle },
    conversationLabels: row.conversation_labels,
    contact: ruleContact(row),
    workspaceTimeZone: row.workspace_time_zone,
    texts: input.content,
    attachmentCount: input.shape?.attachmentCount ?? 0,
    blockTypes: input.shape?.blockTypes ?? [],
    now: input.now,
  };
  return { custom: { version: rules.version, input: ruleInput, evaluate: rules.evaluate } };
}

const SLOT_FREES_AT = query("policy.slotFreesAt", {
  text: `SELECT t FROM (
     SELECT m.created_at AS t FROM messages m
      WHERE m.sender_bot_id = $1 AND ($2::uuid IS NULL OR m.conversation_id = $2)
        AND m.created_at > $3::timestamptz - make_interval(secs => $4)
     UNION ALL
     SELECT d.created_at FROM drafts d
      WHERE $6 AND d.bot_id = $1 AND d.origin = 'held_message' AND d.status = 'pending'
        AND d.created_at > $3::timestamptz - make_interval(secs => $4)
   ) u ORDER BY t DESC OFFSET $5 - 1 LIMIT 1`,
  notNull: ["t"],
});

/**
 * When a rolling window at its limit frees a slot: the `limit`-th newest item leaves the window. Only asked once a
 * limit is reached, so its cost (a scan of `limit` index entries) is paid by deferred sends alone.
 */
async function slotFreesAt(
  sql: Sql,
  input: { botId: string; conversationId?: string; now: Date; limit: number; windowSeconds: number; withHeld: boolean },
): Promise<Date | null> {
  const rows = await sql.query(SLOT_FREES_AT, [
    input.botId,
    input.conversationId ?? null,
    input.now,
    input.windowSeconds,
    input.limit,
    input.withHeld,
  ]);
  const oldest = rows[0]?.t;
  return oldest ? new Date(oldest.getTime() + input.windowSeconds * 1000) : null;
}
