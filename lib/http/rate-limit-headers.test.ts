import { describe, expect, it } from "vitest";
import type { LimitState } from "@/lib/limits";
import { closestToRunningOut, rateLimitHeaders } from "./rate-limit-headers";

const second = (remaining: number, resetSeconds: number | null = 1): LimitState => ({
  name: "second",
  quota: 30,
  windowSeconds: 3,
  remaining,
  resetSeconds,
});
const day = (remaining: number, resetSeconds: number | null = null): LimitState => ({
  name: "day",
  quota: 1000,
  windowSeconds: 86_400,
  remaining,
  resetSeconds,
});
const policies = [
  { name: "second" as const, quota: 30, windowSeconds: 3 },
  { name: "day" as const, quota: 1000, windowSeconds: 86_400 },
];

describe("the RateLimit header fields", () => {
  it("list every policy, and report the limit this request counted against with the fewest left", () => {
    expect(rateLimitHeaders(policies, [second(29), day(940)])).toEqual({
      "RateLimit-Policy": '"second";q=30;w=3, "day";q=1000;w=86400',
      RateLimit: '"second";r=29;t=1',
    });
    expect(rateLimitHeaders(policies, [second(29), day(3)])["RateLimit"]).toBe('"day";r=3');
    expect(rateLimitHeaders(policies, [second(0, 1), day(0, 3120)])["RateLimit"]).toBe('"day";r=0;t=3120');
  });

  it("omit `t` when nothing is used or the time is not known, and send nothing without a bot", () => {
    expect(rateLimitHeaders(policies, [second(30, null)])["RateLimit"]).toBe('"second";r=30');
    expect(rateLimitHeaders([], [])).toEqual({});
  });

  it("are Structured Field lists a strict parser reads (quoted names, integer parameters)", () => {
    const { "RateLimit-Policy": policy, RateLimit: current } = rateLimitHeaders(policies, [second(7, 2)]);
    const member = /^"[a-z]+"(;[a-z]+=\d+)+$/;
    for (const part of policy!.split(", ")) expect(part).toMatch(member);
    expect(current).toMatch(member);
  });

  it("pick the first of equals with the longer wait", () => {
    expect(closestToRunningOut([second(0, 1), day(0, 60)])?.name).toBe("day");
    expect(closestToRunningOut([])).toBeNull();
  });
});
