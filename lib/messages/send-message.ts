import { inTransaction, rowsOf, runStatement, type Statement, type Transaction } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { decideOn, type Decision } from "@/lib/policy/decide";
import { lockBotSendsStatement, readSendSnapshot, sendSnapshotStatement } from "@/lib/policy/load-snapshot";
import { messageLimitsAfter } from "@/lib/policy/limits";
import { isRefusal, recordRefusal, refusalError, type Refusal } from "@/lib/policy/refusal";
import type { LimitState } from "@/lib/limits";
import type { SendMessageInput } from "@/lib/schemas/messages";
import { createHeldMessage } from "@/lib/drafts/create-held-message";
import { messageContent, messageShape } from "./content";
import { insertMessageAtCommit, type InsertedMessage } from "./insert-message";
import { auditLogStatement } from "@/lib/audit/audit-log";
import { decisionEntry } from "@/lib/policy/decision-entry";

// POST /conversations/{id}/messages: one policy decision, then sent (201), held for a person (202), or refused
// (403 / 409 / 429, recorded for admins). Cards go through exactly the same door.
// Two round trips when the route opens the transaction with `sendOpening` (docs/decisions/014): the opening
// statement travels with BEGIN, and the message with COMMIT.

/** `limits`: what is left of the bot's message limits after this send (lib/policy/limits.ts). */
export type SendResult = (
  | { status: "sent"; message: InsertedMessage }
  | { status: "pending_approval"; approvalId: string; reasons: string[] }
) & { limits: LimitState[] };

type Refused = { status: "refused"; decision: Decision; verdict: Refusal; workspaceId: string };

/**
 * The statements a send's transaction opens with: the bot's sending lock (its daily count is exact only if no other
 * send of the bot is between its snapshot and its commit), then the access check, the conversation's row lock and
 * the snapshot, in one statement that starts once the lock is held.
 */
export function sendOpening(
  bot: BotPrincipal,
  conversationId: string,
): [Statement<"policy.lockBotSends">, Statement<"policy.sendSnapshot">] {
  return [lockBotSendsStatement(bot), sendSnapshotStatement(bot, { conversationId, now: new Date() })];
}

export interface SendMessageOptions {
  conversationId: string;
  input: SendMessageInput;
  /** The caller's transaction (the route's); default: one of its own. */
  tx?: Transaction;
  /** The rows of `sendOpening` when `tx` was opened with it. */
  opened?: unknown[];
}

export async function sendMessage(
  bot: BotPrincipal,
  { conversationId, input, tx, opened }: SendMessageOptions,
): Promise<SendResult> {
  const blocks = input.blocks ?? null;
  const content = messageContent(input.body, blocks);
  const shape = messageShape(blocks);

  const outcome = await inTransaction(tx, async (tx): Promise<SendResult | Refused> => {
    const [lock, opening] = sendOpening(bot, conversationId);
    if (!opened) await runStatement(tx, lock);
    const rows = opened ? rowsOf(opening.query, opened) : await runStatement(tx, opening);
    const { workspaceId, snapshot, next } = await readSendSnapshot(bot, { sql: tx, conversationId, content, shape, rows });
    const decision = decideOn(snapshot, { botId: bot.id, conversationId });
    const { verdict } = decision;
    if (isRefusal(verdict)) return { status: "refused", decision, verdict, workspaceId };
    const decided = (subject: { type: string; id: string }) =>
      tx.atCommit(auditLogStatement(decisionEntry(decision, { workspaceId, subject })));
    if (verdict.outcome === "held") {
      const draft = await createHeldMessage(tx, {
        botId: bot.id,
        conversationId,
        body: input.body,
        blocks,
        reasons: verdict.reasons,
        route: verdict.route ?? null,
        ruleSetVersion: decision.ruleSetVersion,
      });
      decided({ type: "draft", id: draft.id });
      return {
        status: "pending_approval",
        approvalId: draft.id,
        reasons: verdict.reasons,
        limits: messageLimitsAfter(snapshot, verdict),
      };
    }
    const message = insertMessageAtCommit(tx, {
      author: { type: "bot", decision },
      message: { conversationId, body: input.body, blocks },
      next,
    });
    decided({ type: "message", id: message.id });
    return { status: "sent", message, limits: messageLimitsAfter(snapshot, verdict) };
  });

  if (outcome.status === "refused") {
    const record = () => recordRefusal(outcome.decision, { workspaceId: outcome.workspaceId, body: input.body, blocks });
    const error = refusalError(outcome.verdict, messageLimitsAfter(outcome.decision.snapshot, outcome.verdict));
    // In the caller's transaction (the route's), the record waits for its end: written now it would need a second
    // pooled connection while this one holds the conversation's and the bot's locks, and a pool full of sends
    // waiting on those locks would never give it one (the process would hang).
    if (tx) error.afterTransaction = record;
    else await record();
    throw error;
  }
  return outcome;
}
