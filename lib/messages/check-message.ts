import { runStatement, sql } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { evaluatePolicy } from "@/lib/policy/evaluate";
import { checkSnapshotStatement, readSendSnapshot } from "@/lib/policy/load-snapshot";
import { isRefusal, refusalError } from "@/lib/policy/refusal";
import type { SendMessageInput } from "@/lib/schemas/messages";
import { messageContent, messageShape } from "./content";

// POST /conversations/{id}/messages/check (issue 33): what would happen to this message, without sending it. The
// same access check, snapshot and policy as a send (lib/messages/send-message.ts), built-in floor and custom rules,
// at this moment; nothing is written, no lock is taken, no message limit counts it and no decision is recorded or
// counted. Like every request with a key it takes a token of the bot's request rate (decision 029): that rate
// protects the door, it is not a message limit. A send a moment later can still be decided otherwise (another send
// used the day's last slot, a person took the conversation over, an admin saved new rules).

/** The send's answer, foretold: its status and code, its reasons, and what goes with them. */
export interface MessageCheck {
  /** The send's `status` (201, 202) or error `code` (403, 409, 429). */
  outcome: "sent" | "pending_approval" | "policy_blocked" | "opted_out" | "deferred";
  /** The HTTP status the send would answer. */
  status: 201 | 202 | 403 | 409 | 429;
  reasons: string[];
  /** The refusal's message as the send would word it; null when it would be sent or held. */
  message: string | null;
  /** Seconds until a deferred send could go (the send's Retry-After); null otherwise. */
  retryAfter: number | null;
  /** Who would have to approve a held message when a custom rule holds it; null otherwise. */
  approval: { rule: string; group: string; approvals: number } | null;
  /** The custom rule-set version that decided; null when the workspace has none. */
  ruleSetVersion: number | null;
}

const OUTCOMES = {
  sent: { outcome: "sent", status: 201 },
  held: { outcome: "pending_approval", status: 202 },
  blocked: { outcome: "policy_blocked", status: 403 },
  refused: { outcome: "opted_out", status: 409 },
  deferred: { outcome: "deferred", status: 429 },
} as const;

export interface CheckMessageOptions {
  conversationId: string;
  input: SendMessageInput;
}

/** The verdict a send of `input` would get now, and nothing else. */
export async function checkMessage(bot: BotPrincipal, { conversationId, input }: CheckMessageOptions): Promise<MessageCheck> {
  const blocks = input.blocks ?? null;
  const content = messageContent(input.body, blocks);
  const pool = sql();
  const rows = await runStatement(pool, checkSnapshotStatement(bot, { conversationId, now: new Date() }));
  const { snapshot } = await readSendSnapshot(bot, {
    sql: pool,
    conversationId,
    content,
    shape: messageShape(blocks),
    rows,
  });
  const verdict = evaluatePolicy(snapshot);
  const refusal = isRefusal(verdict) ? refusalError(verdict) : null;
  return {
    ...OUTCOMES[verdict.outcome],
    reasons: [...verdict.reasons],
    message: refusal?.message ?? null,
    retryAfter: verdict.outcome === "deferred" ? verdict.retryAfterSeconds : null,
    approval:
      verdict.outcome === "held" && verdict.route
        ? { rule: verdict.route.rule, group: verdict.route.group, approvals: verdict.route.approvals }
        : null,
    ruleSetVersion: snapshot.custom?.version ?? null,
  };
}
