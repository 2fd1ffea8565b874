import { query, sql as pool } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { DRAFT_LIFETIME_DAYS } from "@/lib/limits";
import type { Actor } from "@/lib/people/actor";
import { localDay } from "@/lib/policy/custom/zoned-time";
import { noCounts, OUTCOMES, type Counts, type Outcome } from "@/lib/policy/dry-run/replay";
import { requireRulesAdmin } from "@/lib/policy/rule-sets/require-rules-admin";
import { workspaceBots, workspaceTimeZone } from "@/lib/policy/workspace-reads";
import { A_DRAFT, ANYONE, BUILT_IN } from "./names";

// The admin overview of the gate (issue 33 item 8): what the policy did with each bot's messages per day, what waits
// for a person now and for how long, and how long people take to decide, per approver group and per rule. The
// verdicts are counted as the dry run counts its "before" (./../dry-run/dry-run.ts): a bot's message sent without a
// person is `sent`, a held message `held` once whatever became of it, a refused attempt by its outcome; so the
// overview and a dry run of the rules in force agree. Aggregated in the database; admins only; writes nothing.
// The same figures are metrics (lib/drafts/count-decision-time.ts, lib/metrics/database-gauges.ts).

export const OVERVIEW_DEFAULT_DAYS = 14;
export const OVERVIEW_MAX_DAYS = 90;

/** Age bands of what waits, in seconds from their lower bound (drafts expire after DRAFT_LIFETIME_DAYS). */
export const WAITING_AGES = [
  { label: "under 1 hour", from: 0 },
  { label: "1 to 4 hours", from: 3_600 },
  { label: "4 to 24 hours", from: 14_400 },
  { label: "1 to 3 days", from: 86_400 },
  { label: "over 3 days", from: 259_200 },
] as const;


/** Per bot, day (on the workspace's clock, $5) and outcome; $2: its bots, $3..$4: the range. */
const VERDICTS = query("overview.verdicts", {
  text: `SELECT a.bot_id, to_char(a.at AT TIME ZONE $5, 'YYYY-MM-DD') AS day, a.outcome, count(*)::int AS n FROM (
      SELECT m.created_at AS at, m.sender_bot_id AS bot_id, 'sent' AS outcome
        FROM messages m
       WHERE m.sender_bot_id = ANY($2::uuid[]) AND m.draft_id IS NULL
         AND m.created_at >= $3::timestamptz AND m.created_at < $4::timestamptz
      UNION ALL
      SELECT d.created_at, d.bot_id, 'held'
        FROM drafts d
       WHERE d.bot_id = ANY($2::uuid[]) AND d.origin = 'held_message'
         AND d.created_at >= $3::timestamptz AND d.created_at < $4::timestamptz
      UNION ALL
      SELECT p.created_at, p.bot_id, p.outcome
        FROM policy_decisions p
       WHERE p.workspace_id = $1 AND p.mode = 'send' AND p.outcome IN ('blocked', 'deferred', 'refused')
         AND p.created_at >= $3::timestamptz AND p.created_at < $4::timestamptz
    ) a GROUP BY 1, 2, 3`,
  notNull: ["bot_id", "day", "outcome", "n"],
});

/** What waits for a person now ($2), per approver group, with each item's age band ($3: the bands' lower bounds). */
const WAITING = query("overview.waiting", {
  text: `SELECT COALESCE(d.approver_group, '${ANYONE}') AS grp, count(*)::int AS n,
          EXTRACT(EPOCH FROM $2::timestamptz - min(d.created_at))::float8 AS oldest_seconds,
          array_agg(width_bucket(EXTRACT(EPOCH FROM $2::timestamptz - d.created_at)::float8, $3::float8[])) AS bands
     FROM drafts d
    WHERE d.bot_id = ANY($1::uuid[]) AND d.status = 'pending' AND d.expires_at > $2::timestamptz
    GROUP BY 1`,
  notNull: ["grp", "n", "oldest_seconds", "bands"],
});

/**
 * Time to decision of the items people approved or rejected in the range, p50 and p90 in seconds, per approver group
 * and per rule (one row each way: `by`). Expired items are no decision: silence is never consent, nor a time.
 */
const DECISION_TIMES = query("overview.decisionTimes", {
  text: `WITH decided AS (
      SELECT COALESCE(d.approver_group, '${ANYONE}') AS grp,
             COALESCE(d.rule_slug, CASE WHEN d.origin = 'draft' THEN '${A_DRAFT}' ELSE '${BUILT_IN}' END) AS rule,
             EXTRACT(EPOCH FROM d.decided_at - d.created_at)::float8 AS seconds
        FROM drafts d
       WHERE d.bot_id = ANY($1::uuid[]) AND d.status IN ('approved', 'rejected')
         AND d.created_at >= $2::timestamptz - interval '${DRAFT_LIFETIME_DAYS + 1} days'
         AND d.decided_at >= $2::timestamptz AND d.decided_at < $3::timestamptz
    )
    SELECT 'group' AS by, grp AS name, count(*)::int AS decided,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds)::float8 AS p50,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds)::float8 AS p90
      FROM decided GROUP BY grp
    UNION ALL
    SELECT 'rule', rule, count(*)::int,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds)::float8,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds)::float8
      FROM decided GROUP BY rule`,
  notNull: ["by", "name", "decided", "p50", "p90"],
});

export interface DecisionTime {
  /** An approver group (`role:admin`, a slug, ANYONE) or a rule (a slug, A_DRAFT, BUILT_IN). */
  name: string;
  decided: number;
  p50Seconds: number;
  p90Seconds: number;
}

export interface PolicyOverview {
  from: string;
  to: string;
  timeZone: string;
  /** Every day of the range on the workspace's clock, oldest first, all bots together. */
  perDay: { day: string; counts: Counts }[];
  /** Each bot of the workspace with its days (the same days as perDay) and its total. */
  perBot: { botId: string; handle: string; name: string; total: Counts; perDay: { day: string; counts: Counts }[] }[];
  waiting: {
    total: number;
    oldestSeconds: number | null;
    /** WAITING_AGES with how many are in each. */
    byAge: { label: string; count: number }[];
    byGroup: { group: string; count: number; oldestSeconds: number }[];
  };
  decisionTimes: { byGroup: DecisionTime[]; byRule: DecisionTime[] };
}

export interface PolicyOverviewOptions {
  workspaceId: string;
  /** The last this many days up to now (default OVERVIEW_DEFAULT_DAYS, at most OVERVIEW_MAX_DAYS). */
  days?: number;
  now?: Date;
}

/** The workspace's overview over its last `days` days; admins only. */
export async function policyOverview(actor: Actor, options: PolicyOverviewOptions): Promise<PolicyOverview> {
  const workspaceId = await requireRulesAdmin(actor, options.workspaceId);
  const days = options.days ?? OVERVIEW_DEFAULT_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > OVERVIEW_MAX_DAYS)
    throw new ApiError("invalid_body", `The overview covers 1 to ${OVERVIEW_MAX_DAYS} days`, { field: "days" });
  const to = options.now ?? new Date();
  const from = new Date(to.getTime() - days * 86_400_000);
  const sql = pool();
  const [bots, timeZone] = await Promise.all([workspaceBots(sql, workspaceId), workspaceTimeZone(sql, workspaceId)]);
  const ids = bots.map((bot) => bot.id);
  const [verdicts, waiting, times] = await Promise.all([
    sql.query(VERDICTS, [workspaceId, ids, from, to, timeZone]),
    sql.query(WAITING, [ids, to, WAITING_AGES.map((band) => band.from)]),
    sql.query(DECISION_TIMES, [ids, from, to]),
  ]);

  const dayKeys = daysBetween({ from, to, timeZone });
  const series = () => new Map(dayKeys.map((day) => [day, noCounts()]));
  const all = series();
  const byBot = new Map(bots.map((bot) => [bot.id, series()]));
  for (const row of verdicts) {
    const outcome = row.outcome as Outcome;
    if (!OUTCOMES.includes(outcome)) continue;
    const mine = byBot.get(row.bot_id);
    for (const map of mine ? [all, mine] : [all]) {
      const counts = map.get(row.day);
      if (counts) counts[outcome] += row.n;
    }
  }
  const asList = (map: Map<string, Counts>) => [...map].map(([day, counts]) => ({ day, counts }));

  const byAge = WAITING_AGES.map((band) => ({ label: band.label, count: 0 }));
  for (const row of waiting)
    for (const bucket of row.bands) if (bucket >= 1 && bucket <= byAge.length) byAge[bucket - 1]!.count++;
  const time = (row: (typeof times)[number]): DecisionTime => ({
    name: row.name,
    decided: row.decided,
    p50Seconds: Math.round(row.p50),
    p90Seconds: Math.round(row.p90),
  });
  const byName = (a: DecisionTime, b: DecisionTime) => a.name.localeCompare(b.name);

  return {
    from: from.toISOString(),
    to: to.toISOString(),
    timeZone,
    perDay: asList(all),
    perBot: bots.map((bot) => {
      const perDay = asList(byBot.get(bot.id)!);
      return { botId: bot.id, handle: bot.handle, name: bot.name, total: sum(perDay.map((d) => d.counts)), perDay };
    }),
    waiting: {
      total: waiting.reduce((n, row) => n + row.n, 0),
      oldestSeconds: waiting.length ? Math.round(Math.max(...waiting.map((row) => row.oldest_seconds))) : null,
      byAge,
      byGroup: waiting
        .map((row) => ({ group: row.grp, count: row.n, oldestSeconds: Math.round(row.oldest_seconds) }))
        .sort((a, b) => b.oldestSeconds - a.oldestSeconds),
    },
    decisionTimes: {
      byGroup: times.filter((row) => row.by === "group").map(time).sort(byName),
      byRule: times.filter((row) => row.by === "rule").map(time).sort(byName),
    },
  };
}

function sum(list: Counts[]): Counts {
  const total = noCounts();
  for (const counts of list) for (const outcome of OUTCOMES) total[outcome] += counts[outcome];
  return total;
}

/** Every day `YYYY-MM-DD` on the zone's clock that the range touches, oldest first (hour steps: DST-safe). */
function daysBetween({ from, to, timeZone }: { from: Date; to: Date; timeZone: string }): string[] {
  const days = new Set<string>();
  const key = (at: Date) => localDay(at, { timeZone });
  for (let at = from.getTime(); at < to.getTime(); at += 3_600_000) days.add(key(new Date(at)));
  days.add(key(new Date(to.getTime() - 1)));
  return [...days];
}
