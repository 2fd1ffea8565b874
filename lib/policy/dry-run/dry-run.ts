import { query, sql as pool } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import type { Actor } from "@/lib/people/actor";
import { cutText } from "@/lib/text/hostile-text";
import { compileRuleSet } from "@/lib/policy/custom/compile";
import { validateRuleSet } from "@/lib/policy/custom/validate-rule-set";
import { ruleContact, ruleContactsSql } from "@/lib/policy/rule-contacts";
import { groupSizes } from "@/lib/policy/rule-sets/group-sizes";
import { requireRulesAdmin } from "@/lib/policy/rule-sets/require-rules-admin";
import { refusal } from "@/lib/policy/rule-sets/store-version";
import { workspaceBots, workspaceTimeZone } from "@/lib/policy/workspace-reads";
import type { RuleInput } from "@/lib/policy/custom/types";
import { blockTexts, type Block } from "@/lib/schemas/blocks";
import { replay, type Outcome, type PastAttempt, type Replay } from "./replay";

// The dry run (issue 33 item 3): before an admin saves a rule set, replay the workspace's bot traffic of the last 30
// days (or a chosen range, at most DRY_RUN_MAX_DAYS) through it and show what would change: counts per verdict before
// and after, per bot and per day, the items each approver group would have had to decide, and a sample of the
// attempts whose verdict flips with the rule that flipped them. The traffic: the bots' messages sent without a
// person's approval, their held messages (each once, whatever became of it: a person's approval is not the policy's
// verdict), and their refused attempts (blocked, opted out, deferred) whose text was kept (never a secret's, and only
// for ATTEMPT_TEXT_RETENTION_DAYS). Drafts are proposals that always wait, not sends: not replayed. Labels, contacts
// and time zones are read as they are now; the time of each attempt is its own. Admins only; writes nothing.

export const DRY_RUN_DEFAULT_DAYS = 30;
export const DRY_RUN_MAX_DAYS = 90;

/**
 * Every past attempt in the range, oldest first: by the workspace's bots ($2), so each part reads its (bot,
 * created_at) index. $3, $4: the range.
 */
const ATTEMPTS = query("dryRun.attempts", {
  text: `SELECT * FROM (
      SELECT m.created_at AS at, m.sender_bot_id AS bot_id, m.conversation_id, m.body, m.blocks,
             'sent' AS outcome, '{}'::text[] AS reasons, NULL::text AS approver_group
        FROM messages m
       WHERE m.sender_bot_id = ANY($2::uuid[]) AND m.draft_id IS NULL
         AND m.created_at >= $3::timestamptz AND m.created_at < $4::timestamptz
      UNION ALL
      SELECT d.created_at, d.bot_id, d.conversation_id, d.original_body, d.blocks,
             'held', d.reasons, d.approver_group
        FROM drafts d
       WHERE d.bot_id = ANY($2::uuid[]) AND d.origin = 'held_message'
         AND d.created_at >= $3::timestamptz AND d.created_at < $4::timestamptz
      UNION ALL
      SELECT p.created_at, p.bot_id, p.conversation_id, p.body, p.blocks,
             p.outcome, p.reasons, NULL::text
        FROM policy_decisions p
       WHERE p.workspace_id = $1 AND p.mode = 'send' AND p.body IS NOT NULL AND p.conversation_id IS NOT NULL
         AND p.created_at >= $3::timestamptz AND p.created_at < $4::timestamptz
    ) a ORDER BY at`,
  notNull: ["at", "bot_id", "conversation_id", "body", "outcome", "reasons"],
});

/** What the rules read of each conversation: its labels and its contacts' (lib/policy/rule-contacts.ts). */
const CONVERSATIONS = query("dryRun.conversations", {
  text: `SELECT c.id, c.labels, who.*
      FROM conversations c CROSS JOIN LATERAL ${ruleContactsSql("c")} who
     WHERE c.id = ANY($1::uuid[])`,
  notNull: ["contact_count", "contact_high", "contact_labels"],
});

export interface DryRunOptions {
  workspaceId: string;
  /** The proposed rule set, `{ rules: [...] }`, validated here as a save would. */
  rules: unknown;
  /** The range replayed; default the last DRY_RUN_DEFAULT_DAYS days up to now. */
  from?: Date;
  to?: Date;
  /** How many flips to show (default 50, at most 200). */
  sampleSize?: number;
}

export interface DryRunResult extends Omit<Replay, "perBot"> {
  from: string;
  to: string;
  days: number;
  timeZone: string;
  perBot: (Replay["perBot"][number] & { handle: string; name: string })[];
  /** The flips' bots by id (handles, for the sample). */
  bots: Record<string, { handle: string; name: string }>;
  /** How long the replay took, in milliseconds (load and evaluation). */
  elapsedMs: number;
}

/** What the proposed rules would have done to the range's traffic; refuses an invalid set as a save would. */
export async function dryRun(actor: Actor, options: DryRunOptions): Promise<DryRunResult> {
  const workspaceId = await requireRulesAdmin(actor, options.workspaceId);
  const started = performance.now();
  const sql = pool();
  const validation = validateRuleSet(options.rules, { groups: await groupSizes(sql, workspaceId) });
  if (!validation.ok) throw refusal(validation.issues, { prefix: "The proposed rule set is invalid" });
  const rules = compileRuleSet(validation.ruleSet);
  const { from, to } = rangeOf(options);

  const [bots, timeZone] = await Promise.all([workspaceBots(sql, workspaceId), workspaceTimeZone(sql, workspaceId)]);
  const rows = await sql.query(ATTEMPTS, [workspaceId, bots.map((b) => b.id), from, to]);
  const conversationIds = [...new Set(rows.map((row) => row.conversation_id))];
  const conversations = new Map(
    (await sql.query(CONVERSATIONS, [conversationIds])).map((row) => [
      row.id,
      { labels: row.labels, contact: ruleContact(row) },
    ]),
  );
  const botById = new Map(bots.map((b) => [b.id, b]));

  const attempts: PastAttempt[] = [];
  for (const row of rows) {
    const bot = botById.get(row.bot_id);
    const conversation = conversations.get(row.conversation_id);
    if (!bot || !conversation) continue;
    // Stored blocks passed the send's validation: read as the send's policy read them.
    const blocks = Array.isArray(row.blocks) ? (row.blocks as Block[]) : [];
    const input: RuleInput = {
      bot: { id: bot.id, handle: bot.handle },
      conversationLabels: conversation.labels,
      contact: conversation.contact,
      workspaceTimeZone: timeZone,
      texts: [row.body, ...blockTexts(blocks)],
      attachmentCount: 0,
      blockTypes: blocks.map((block) => block.type),
      now: row.at,
    };
    attempts.push({
      at: row.at,
      botId: bot.id,
      input,
      outcome: row.outcome as Outcome,
      reasons: row.reasons,
      group: row.approver_group,
    });
  }
  const sampleSize = Math.min(Math.max(0, Math.trunc(options.sampleSize ?? 50)), 200);
  // Excerpts only for the sample: cutting 100,000 texts that are not shown would cost more than the replay.
  const result = replay(attempts, {
    rules,
    timeZone,
    sampleSize,
    excerptOf: (attempt) => cutText(attempt.input.texts[0] ?? "", 140),
  });
  const named = (botId: string) => botById.get(botId) ?? { handle: "unknown", name: "Unknown bot" };
  return {
    ...result,
    perBot: result.perBot
      .map((bot) => ({ ...bot, handle: named(bot.botId).handle, name: named(bot.botId).name }))
      .sort((a, b) => a.handle.localeCompare(b.handle)),
    bots: Object.fromEntries(result.sample.map((flip) => [flip.botId, { handle: named(flip.botId).handle, name: named(flip.botId).name }])),
    from: from.toISOString(),
    to: to.toISOString(),
    days: (to.getTime() - from.getTime()) / 86_400_000,
    timeZone,
    elapsedMs: Math.round(performance.now() - started),
  };
}

function rangeOf({ from, to }: Pick<DryRunOptions, "from" | "to">): { from: Date; to: Date } {
  const end = to ?? new Date();
  const start = from ?? new Date(end.getTime() - DRY_RUN_DEFAULT_DAYS * 86_400_000);
  if (!(start instanceof Date) || !(end instanceof Date) || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    throw new ApiError("invalid_body", "The range must be two valid times", { field: "from" });
  if (start >= end) throw new ApiError("invalid_body", "The range's start must be before its end", { field: "from" });
  if (end.getTime() - start.getTime() > DRY_RUN_MAX_DAYS * 86_400_000)
    throw new ApiError("invalid_body", `The range is at most ${DRY_RUN_MAX_DAYS} days`, { field: "from" });
  return { from: start, to: end };
}
