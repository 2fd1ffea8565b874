import { randomUUID } from "node:crypto";
import { auditLogData } from "@/lib/audit/audit-log";
import { contentDigest } from "@/lib/policy/decide";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { cutText } from "@/lib/text/hostile-text";

// The block rules of messages, applied to what bots say to each other (a question, an answer): 403 policy_blocked
// with the reason codes, and a line in the workspace's policy log.

const PLAIN: Record<string, string> = {
  workspace_restricted: "the workspace is restricted",
  bot_stopped: "the bot is stopped",
  secrets_detected: "the text contains what looks like a secret (key, token, password, card number or IBAN)",
};

export function blockedError(reasons: string[]): ApiError {
  return new ApiError("policy_blocked", `Not sent: ${reasons.map((r) => PLAIN[r] ?? r).join("; ")}`, { reasons });
}

export interface RecordBlockedRequestOptions {
  /** The block rules' reason codes. */
  reasons: string[];
  /** What the bot tried to say: kept as an excerpt unless it holds a secret. */
  text: string;
  /** A question (the default) or an answer. */
  mode?: "agent_request" | "agent_response";
}

/**
 * Admins see blocked requests and answers in the policy log like blocked messages (no conversation; a secret is never
 * kept, not even as an excerpt). Its own statement: the request's transaction rolls back with the refusal.
 */
export async function recordBlockedRequest(
  bot: BotPrincipal,
  { reasons, text, mode = "agent_request" }: RecordBlockedRequestOptions,
) {
  const id = randomUUID();
  const record = db().policyDecision.create({
    data: {
      id,
      workspaceId: bot.workspaceId,
      botId: bot.id,
      conversationId: null,
      mode,
      outcome: "blocked",
      reasons,
      excerpt: reasons.includes("secrets_detected") ? null : cutText(text, 140),
    },
  });
  // The chain's entry of the refusal: ids, codes and the text's digest (lib/policy/decision-entry.ts says the same of
  // a message's decision).
  const entry = auditLogData({
    kind: "policy.decided",
    workspaceId: bot.workspaceId,
    actor: { type: "bot", id: bot.id },
    subject: { type: "attempt", id },
    facts: { mode, outcome: "blocked", reasons: [...reasons], contentSha256: contentDigest([text]) },
  });
  await db().$transaction([record, db().auditLogEntry.create({ data: entry })]);
}
