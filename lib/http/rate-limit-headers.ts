import type { LimitState } from "@/lib/limits";
import type { LimitPolicy } from "@/lib/throttle/bot-rate";

// The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers, issue 31) on every bot API answer:
// `RateLimit-Policy` lists the bot's limits (the same list on every answer: its request rate, its rolling day of
// messages, its per-conversation limit where the workspace sets one), and `RateLimit` reports the one of those this
// request counted against that is closest to running out: the fewest requests left, the longer wait on a tie.
//   RateLimit-Policy: "second";q=30;w=3, "day";q=1000;w=86400
//   RateLimit: "second";r=29;t=1
// A policy's name is its reason code without `rate_limit_`. The request rate is a token bucket: `q` is its burst and
// `w` the seconds that burst takes at the sustained rate (rounded up), so q/w never overstates the rate.

const item = (name: string, parameters: [string, number | null][]) =>
  [`"${name}"`, ...parameters.filter(([, value]) => value !== null).map(([key, value]) => `${key}=${value}`)].join(";");

/** The state a client should watch: the fewest left, then the longer wait. */
export function closestToRunningOut(states: LimitState[]): LimitState | null {
  let closest: LimitState | null = null;
  for (const state of states) {
    if (
      !closest ||
      state.remaining < closest.remaining ||
      (state.remaining === closest.remaining && (state.resetSeconds ?? 0) > (closest.resetSeconds ?? 0))
    )
      closest = state;
  }
  return closest;
}

export function rateLimitHeaders(policies: LimitPolicy[], states: LimitState[]): Record<string, string> {
  const headers: Record<string, string> = {};
  if (policies.length)
    headers["RateLimit-Policy"] = policies
      .map((p) => item(p.name, [["q", p.quota], ["w", p.windowSeconds]]))
      .join(", ");
  const closest = closestToRunningOut(states);
  if (closest)
    headers["RateLimit"] = item(closest.name, [
      ["r", closest.remaining],
      ["t", closest.resetSeconds],
    ]);
  return headers;
}
