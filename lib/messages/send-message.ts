import { inTransaction, rowsOf, runStatement, type Statement, type Transaction } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { decideOn, type Decision } from "@/lib/policy/decide";
import {
  botDayHoldsStatement,
  lockBotSendsStatement,
  lostDayRace,
  readSendSnapshot,
  sendSnapshotStatement,
} from "@/lib/policy/load-snapshot";
import { messageLimitsAfter } from "@/lib/policy/limits";
import { isRefusal, recordRefusal, refusalError, type Refusal } from "@/lib/policy/refusal";
import type { LimitState } from "@/lib/limits";
import type { SendMessageInput } from "@/lib/schemas/messages";
import { createHeldMessage } from "@/lib/drafts/create-held-message";
import { lockConversationStatement } from "@/lib/conversations/lock-conversation";
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

interface SendOpeningOptions {
  /**
   * The bot's sending lock first, held from the snapshot to the commit: the verdict is exact against every other send
   * of the bot. For a send run again after it lost the race for the bot's last slots of the day, and for a caller's
   * transaction, which this service cannot run again. Otherwise the lock is taken at commit only
   * (lockBotSendsStatement).
   */
  serialized?: boolean;
}

/**
 * The statements a send's transaction opens with: the access check, the conversation's row lock and the snapshot, in
 * one statement. When `serialized`, the conversation's row lock and then the bot's sending lock come first, and the
 * snapshot starts once both are held: every lock of a send is taken in the same order, the conversation's before the
 * bot's (an optimistic send takes the bot's at commit, holding its conversation's), so two sends never wait for each
 * other in a circle.
 */
export function sendOpening(
  bot: BotPrincipal,
  { conversationId, serialized = false }: SendOpeningOptions & { conversationId: string },
): [...Statement[], Statement<"policy.sendSnapshot">] {
  const snapshot = sendSnapshotStatement(bot, { conversationId, now: new Date() });
  return serialized ? [lockConversationStatement(conversationId), lockBotSendsStatement(bot), snapshot] : [snapshot];
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

  const attempt = (serialized: boolean) =>
    inTransaction(tx, async (tx): Promise<SendResult | Refused> => {
      const opening = sendOpening(bot, { conversationId, serialized });
      const snapshotStatement = opening.at(-1) as Statement<"policy.sendSnapshot">;
      let rows;
      if (opened) rows = rowsOf(snapshotStatement.query, opened);
      else {
        for (const lock of opening.slice(0, -1)) await runStatement(tx, lock);
        rows = await runStatement(tx, snapshotStatement);
      }
      const { workspaceId, snapshot, next } = await readSendSnapshot(bot, { sql: tx, conversationId, content, shape, rows });
      const decision = decideOn(snapshot, { botId: bot.id, conversationId });
      const { verdict } = decision;
      if (isRefusal(verdict)) return { status: "refused", decision, verdict, workspaceId };
      // A write counts against the bot's day: checked at commit, under the bot's lock, after the write.
      tx.atCommit(lockBotSendsStatement(bot));
      const decided = (subject: { type: string; id: string }) =>
        tx.atCommit(auditLogStatement(decisionEntry(decision, { workspaceId, subject })));
      const dayHolds = () => tx.atCommit(botDayHoldsStatement(bot, { now: snapshot.now }));
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
        dayHolds();
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
      dayHolds();
      return { status: "sent", message, limits: messageLimitsAfter(snapshot, verdict) };
    });

  // Optimistic unless the transaction is the caller's (it commits there, where this service cannot run it again).
  // With the route's transaction (`opened`), the route runs the request again itself (botRoute's `lostRace`).
  const outcome = await attempt(tx !== undefined && opened === undefined).catch((error: unknown) => {
    if (tx || !lostDayRace(error)) throw error;
    return attempt(true);
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
