import { createHash } from "node:crypto";
import type { Sql } from "@/lib/db/sql";
import { countDecision } from "./count-decision";
import { evaluatePolicy } from "./evaluate";
import { loadPolicySnapshot } from "./load-snapshot";
import type { MessageShape, PolicyMode, PolicySnapshot, Verdict } from "./types";

/**
 * A verdict bound to exactly the content, bot and conversation it was reached for. The one door that writes bot
 * messages (lib/messages/insert-message.ts) refuses to write anything a Decision does not cover.
 */
export interface Decision {
  readonly verdict: Verdict;
  readonly mode: PolicyMode;
  readonly botId: string;
  readonly conversationId: string;
  readonly digest: string;
  /** What the verdict was reached on (the door reads the trust counter from it). */
  readonly snapshot: PolicySnapshot;
  /** The custom rule-set version in force, recorded with whatever the decision writes; null when there is none. */
  readonly ruleSetVersion: number | null;
}

export function contentDigest(content: string[]): string {
  const hash = createHash("sha256");
  for (const text of content) hash.update(`${text.length}:${text}`);
  return hash.digest("hex");
}

export async function decide(
  sql: Sql,
  input: { mode: PolicyMode; botId: string; conversationId: string; content: string[]; shape?: MessageShape; now?: Date },
): Promise<Decision> {
  return decideOn(await loadPolicySnapshot(sql, { ...input, now: input.now ?? new Date() }), input);
}

/**
 * The decision on a snapshot already loaded (a bot's send loads its own: sendSnapshotStatement). Every decision is
 * counted here, by mode, verdict and reasons (relay_policy_decisions_total: docs/guides/operators.md "Metrics and
 * logs").
 */
export function decideOn(snapshot: PolicySnapshot, input: { botId: string; conversationId: string }): Decision {
  const verdict = evaluatePolicy(snapshot);
  countDecision(verdict, { mode: snapshot.mode, botId: input.botId });
  return {
    verdict,
    mode: snapshot.mode,
    botId: input.botId,
    conversationId: input.conversationId,
    digest: contentDigest(snapshot.content),
    snapshot,
    ruleSetVersion: snapshot.custom?.version ?? null,
  };
}
