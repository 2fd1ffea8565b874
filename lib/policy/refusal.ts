import { randomUUID } from "node:crypto";
import { auditLogData } from "@/lib/audit/audit-log";
import { db } from "@/lib/db/client";
import { decisionEntry } from "./decision-entry";
import { ApiError } from "@/lib/errors";
import type { Decision } from "./decide";
import type { LimitState } from "@/lib/limits";
import type { Verdict } from "./types";
import { cutText } from "@/lib/text/hostile-text";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Block } from "@/lib/schemas/blocks";

export type Refusal = Extract<Verdict, { outcome: "blocked" | "refused" | "deferred" }>;

export const isRefusal = (verdict: Verdict): verdict is Refusal =>
  verdict.outcome === "blocked" || verdict.outcome === "refused" || verdict.outcome === "deferred";

const PLAIN: Record<string, string> = {
  workspace_suspended: "the workspace is suspended",
  workspace_restricted: "the workspace is restricted",
  bot_stopped: "the bot is stopped",
  blocked_by_participant: "a participant blocked this bot in this conversation",
  do_not_contact: "a contact in this conversation is marked do-not-contact",
  secrets_detected: "the message contains what looks like a secret (key, token, password, card number or IBAN)",
  rate_limit_second: "the bot is over its request rate",
  rate_limit_day: "the bot reached its daily message limit",
  rate_limit_conversation: "the bot reached the message limit of this conversation",
};

/** A reason in words: a custom rule's is named by its code, with its own words when it blocked. */
function plain(reason: string, verdict: Refusal): string {
  if (!reason.startsWith("rule:")) return PLAIN[reason] ?? reason;
  if (verdict.outcome === "blocked" && verdict.explanation) return `${verdict.explanation} (${reason})`;
  return verdict.outcome === "deferred"
    ? `outside the hours the workspace's rule ${reason} allows`
    : `the workspace's rule ${reason}`;
}

/** The API error for a verdict that does not let the message through (docs/api-contract.md#verdicts). */
export function refusalError(verdict: Refusal, limits?: LimitState[]): ApiError {
  const why = verdict.reasons.map((reason) => plain(reason, verdict)).join("; ");
  switch (verdict.outcome) {
    case "blocked":
      return new ApiError("policy_blocked", `Not delivered: ${why}`, { reasons: verdict.reasons, limits });
    case "refused":
      return new ApiError("opted_out", "A participant opted out of bot messages in this conversation", {
        reasons: verdict.reasons,
        limits,
      });
    case "deferred":
      return new ApiError("deferred", `Deferred: ${why}; retry after ${verdict.retryAfterSeconds} s`, {
        reasons: verdict.reasons,
        retryAfter: verdict.retryAfterSeconds,
        limits,
      });
  }
}

interface RefusalRecord {
  workspaceId: string;
  /** What the attempt said: kept whole for the dry run, and as the log's excerpt, unless it carries a secret. */
  body: string;
  /** Its blocks, kept with its text. */
  blocks?: Block[] | null;
}

/**
 * Keeps a record of a refused attempt (admins see why a message was blocked, refused or deferred; the dry run replays
 * it through proposed rules). Written after the attempt's own transaction rolled back; a secret is never stored, not
 * even as an excerpt. The whole text is cleared by the retention sweep after ATTEMPT_TEXT_RETENTION_DAYS.
 */
export async function recordRefusal(decision: Decision, { workspaceId, body, blocks }: RefusalRecord): Promise<void> {
  const verdict = decision.verdict;
  const secret = verdict.reasons.some((reason) => reason === "secrets_detected");
  const id = randomUUID();
  const record = db().policyDecision.create({
    data: {
      id,
      workspaceId,
      botId: decision.botId,
      conversationId: decision.conversationId,
      mode: decision.mode,
      outcome: verdict.outcome,
      reasons: [...verdict.reasons],
      excerpt: secret ? null : cutText(body, 140),
      body: secret ? null : body,
      ...(!secret && blocks && blocks.length > 0 ? { blocks: blocks as Prisma.InputJsonValue } : {}),
      ruleSetVersion: decision.ruleSetVersion,
    },
  });
  const entry = decisionEntry(decision, { workspaceId, subject: { type: "attempt", id } });
  await db().$transaction([record, db().auditLogEntry.create({ data: auditLogData(entry) })]);
}
