import type { LimitState } from "@/lib/limits";
import type { PolicySnapshot, Verdict } from "./types";

// What is left of a bot's message limits after a send (issue 31): the rolling day, and the per-conversation limit
// where the workspace sets one. A sent or held message counts against both (held ones still waiting count toward
// the day: docs/api-contract.md#new-bots-and-rate-limits); a refused one counts against neither. The send's answer
// reports them in its RateLimit header beside the request rate (lib/http/rate-limit-headers.ts).

const DAY_SECONDS = 24 * 3600;

/** Whole seconds from `now` to `at`, at least 1; null when `at` is unknown. */
const secondsUntil = (at: Date | null, now: Date) =>
  at ? Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000)) : null;

export function messageLimitsAfter(snapshot: PolicySnapshot, verdict: Verdict): LimitState[] {
  const counted = verdict.outcome === "sent" || verdict.outcome === "held" ? 1 : 0;
  const { usage, settings, now } = snapshot;
  const limits: LimitState[] = [
    {
      name: "day",
      quota: settings.dailyLimit,
      windowSeconds: DAY_SECONDS,
      remaining: Math.max(0, settings.dailyLimit - usage.dayCount - counted),
      resetSeconds: secondsUntil(usage.dayFreesAt, now),
    },
  ];
  const conversation = settings.conversationLimit;
  if (conversation)
    limits.push({
      name: "conversation",
      quota: conversation.max,
      windowSeconds: conversation.windowSeconds,
      remaining: Math.max(0, conversation.max - usage.conversationCount - counted),
      resetSeconds: secondsUntil(usage.conversationFreesAt, now),
    });
  return limits;
}
