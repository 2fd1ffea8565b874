import type { CompiledRuleSet } from "@/lib/policy/custom/compile";
import { evaluateRules } from "@/lib/policy/custom/evaluate-rules";
import type { RuleInput } from "@/lib/policy/custom/types";
import { localDay } from "@/lib/policy/custom/zoned-time";
import { stricter } from "@/lib/policy/evaluate";
import {
  BLOCK_REASONS,
  DEFER_REASONS,
  HOLD_REASONS,
  type BlockReason,
  type DeferReason,
  type HoldReason,
  type Verdict,
} from "@/lib/policy/types";

// The dry run's arithmetic (issue 33 item 3; docs/decisions/034-policy-rules.md), pure: each past attempt with the
// verdict it got, replayed through a proposed rule set. What the built-in rules decided then is kept (the rate limits,
// the take-over, the bot's trust at that moment cannot be known again): the "after" verdict is the stricter of that
// floor and the proposed rules' verdict, exactly as a send combines them (lib/policy/evaluate.ts). A past verdict of
// a custom rule is set aside first: the proposed set replaces the current one.

export type Outcome = "sent" | "held" | "deferred" | "blocked" | "refused";
export const OUTCOMES: readonly Outcome[] = ["sent", "held", "deferred", "blocked", "refused"];
export type Counts = Record<Outcome, number>;

/** One past attempt of a bot, as the dry run reads it. */
export interface PastAttempt {
  at: Date;
  botId: string;
  /** What the rules would read, its time being `at`. */
  input: RuleInput;
  /** The verdict it got, and its reasons (built-in codes and a current rule's `rule:<slug>`). */
  outcome: Outcome;
  reasons: string[];
  /** The approver group a held item was routed to; null: anyone who sees the conversation. */
  group: string | null;
}

export interface Flip {
  at: string;
  botId: string;
  excerpt: string | null;
  before: { outcome: Outcome; reasons: string[] };
  after: { outcome: Outcome; reasons: string[] };
  /** The rule that flipped it: a proposed rule that now matches, or a current one that no longer decides. */
  rule: { slug: string; side: "proposed" | "current" } | null;
}

export interface Replay {
  total: number;
  before: Counts;
  after: Counts;
  perBot: { botId: string; before: Counts; after: Counts }[];
  /** Days on the workspace's clock, oldest first. */
  perDay: { day: string; before: Counts; after: Counts }[];
  /** Held items per approver group (`null`: anyone who sees the conversation), before and after. */
  perGroup: { group: string | null; before: number; after: number }[];
  flips: number;
  sample: Flip[];
}

export interface ReplayOptions {
  rules: CompiledRuleSet;
  /** The workspace's time zone: the days of perDay. */
  timeZone: string;
  /** At most this many flips in the sample (the first ones, oldest first). */
  sampleSize?: number;
  /** A sampled flip's excerpt: asked for the sample only, not for every attempt. */
  excerptOf: (attempt: PastAttempt) => string | null;
}

/** Every outcome at zero. */
export const noCounts = (): Counts => ({ sent: 0, held: 0, deferred: 0, blocked: 0, refused: 0 });
const isRule = (reason: string) => reason.startsWith("rule:");

/** The built-in rules' part of a past verdict: what no custom rule can change. */
export function floorOf(outcome: Outcome, reasons: string[]): Verdict {
  const builtIn = reasons.filter((reason) => !isRule(reason));
  const blocked = builtIn.filter((r): r is BlockReason => (BLOCK_REASONS as readonly string[]).includes(r));
  if (outcome === "blocked" && blocked.length > 0) return { outcome: "blocked", reasons: blocked };
  if (outcome === "refused") return { outcome: "refused", reasons: ["opted_out"] };
  const deferred = builtIn.filter((r): r is DeferReason => (DEFER_REASONS as readonly string[]).includes(r));
  if (deferred.length > 0) return { outcome: "deferred", reasons: deferred, retryAfterSeconds: 1 };
  const held = builtIn.filter((r): r is HoldReason => (HOLD_REASONS as readonly string[]).includes(r));
  if (held.length > 0) return { outcome: "held", reasons: held };
  return { outcome: "sent", reasons: [] };
}

/** Replays `attempts` (oldest first) through the proposed rules. */
export function replay(attempts: PastAttempt[], { rules, timeZone, sampleSize = 50, excerptOf }: ReplayOptions): Replay {
  const before = noCounts();
  const after = noCounts();
  const perBot = new Map<string, { before: Counts; after: Counts }>();
  const perDay = new Map<string, { before: Counts; after: Counts }>();
  const perGroup = new Map<string | null, { before: number; after: number }>();
  const sample: Flip[] = [];
  let flips = 0;
  const dayOf = dayFormatter(timeZone);

  for (const attempt of attempts) {
    const floor = floorOf(attempt.outcome, attempt.reasons);
    const verdict =
      floor.outcome === "blocked" || floor.outcome === "refused"
        ? floor
        : stricter(floor, { custom: evaluateRules(rules, attempt.input), mode: "send" });
    const now: Outcome = verdict.outcome;

    before[attempt.outcome]++;
    after[now]++;
    const bot = perBot.get(attempt.botId) ?? { before: noCounts(), after: noCounts() };
    bot.before[attempt.outcome]++;
    bot.after[now]++;
    perBot.set(attempt.botId, bot);
    const key = dayOf(attempt.at);
    const day = perDay.get(key) ?? { before: noCounts(), after: noCounts() };
    day.before[attempt.outcome]++;
    day.after[now]++;
    perDay.set(key, day);
    if (attempt.outcome === "held") group(perGroup, attempt.group).before++;
    if (verdict.outcome === "held") group(perGroup, verdict.route?.group ?? null).after++;

    if (now !== attempt.outcome) {
      flips++;
      if (sample.length < sampleSize) sample.push(flipOf(attempt, { verdict, excerpt: excerptOf(attempt) }));
    }
  }

  return {
    total: attempts.length,
    before,
    after,
    perBot: [...perBot].map(([botId, counts]) => ({ botId, ...counts })),
    perDay: [...perDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, counts]) => ({ day, ...counts })),
    perGroup: [...perGroup].map(([name, counts]) => ({ group: name, ...counts })),
    flips,
    sample,
  };
}

function group(map: Map<string | null, { before: number; after: number }>, name: string | null) {
  let entry = map.get(name);
  if (!entry) map.set(name, (entry = { before: 0, after: 0 }));
  return entry;
}

function flipOf(attempt: PastAttempt, { verdict, excerpt }: { verdict: Verdict; excerpt: string | null }): Flip {
  const proposed = verdict.reasons.find(isRule);
  const current = attempt.reasons.find(isRule);
  return {
    at: attempt.at.toISOString(),
    botId: attempt.botId,
    excerpt,
    before: { outcome: attempt.outcome, reasons: attempt.reasons },
    after: { outcome: verdict.outcome, reasons: [...verdict.reasons] },
    rule: proposed
      ? { slug: proposed.slice(5), side: "proposed" }
      : current
        ? { slug: current.slice(5), side: "current" }
        : null,
  };
}

/** `YYYY-MM-DD` on the zone's clock; one formatter per replay. */
function dayFormatter(timeZone: string): (at: Date) => string {
  let lastQuarter = -1;
  let lastDay = "";
  return (at) => {
    // Attempts come oldest first, many per quarter hour, and every zone's offset is a whole number of quarter hours:
    // within one, the day does not change.
    const quarter = Math.floor(at.getTime() / 900_000);
    if (quarter === lastQuarter) return lastDay;
    lastQuarter = quarter;
    lastDay = localDay(at, { timeZone });
    return lastDay;
  };
}
