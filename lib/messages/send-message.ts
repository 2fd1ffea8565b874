import { inTransaction, rowsOf, runStatement, type Statement, type Transaction } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/authenticate-bot";
import { decideOn, type Decision } from "@/lib/policy/decide";
import { readSendSnapshot, sendSnapshotStatement } from "@/lib/policy/load-snapshot";
import { isRefusal, recordRefusal, refusalError, type Refusal } from "@/lib/policy/refusal";
import type { SendMessageInput } from "@/lib/schemas/messages";
import { createHeldMessage } from "@/lib/drafts/create-held-message";
import { messageContent } from "./content";
import { insertMessageAtCommit, type InsertedMessage } from "./insert-message";

// POST /conversations/{id}/messages: one policy decision, then sent (201), held for a person (202), or refused
// (403 / 409 / 429, recorded for admins). Cards go through exactly the same door.
// Two round trips when the route opens the transaction with `sendOpening` (docs/decisions/014): the opening
// statement travels with BEGIN, and the message with COMMIT.

export type SendResult =
  { status: "sent"; message: InsertedMessage } | { status: "pending_approval"; approvalId: string; reasons: string[] };

type Refused = { status: "refused"; decision: Decision; verdict: Refusal; workspaceId: string };

/** The statement a send's transaction opens with: the access check, the conversation's row lock, the snapshot. */
export function sendOpening(bot: BotPrincipal, conversationId: string): Statement<"policy.sendSnapshot"> {
  return sendSnapshotStatement(bot, conversationId, new Date());
}

/** `opened`: the rows of `sendOpening` when `tx` was opened with it. */
export async function sendMessage(
  bot: BotPrincipal,
  conversationId: string,
  input: SendMessageInput,
  tx?: Transaction,
  opened?: unknown[],
): Promise<SendResult> {
  const blocks = input.blocks ?? null;
  const content = messageContent(input.body, blocks);

  const outcome = await inTransaction(tx, async (tx): Promise<SendResult | Refused> => {
    const opening = sendOpening(bot, conversationId);
    const rows = opened ? rowsOf(opening.query, opened) : await runStatement(tx, opening);
    const { workspaceId, snapshot, next } = await readSendSnapshot(tx, bot, { conversationId, content }, rows);
    const decision = decideOn(snapshot, { botId: bot.id, conversationId });
    const { verdict } = decision;
    if (isRefusal(verdict)) return { status: "refused", decision, verdict, workspaceId };
    if (verdict.outcome === "held") {
      const draft = await createHeldMessage(tx, {
        botId: bot.id,
        conversationId,
        body: input.body,
        blocks,
        reasons: verdict.reasons,
      });
      return { status: "pending_approval", approvalId: draft.id, reasons: verdict.reasons };
    }
    const message = insertMessageAtCommit(
      tx,
      { type: "bot", decision },
      { conversationId, body: input.body, blocks },
      next,
    );
    return { status: "sent", message };
  });

  if (outcome.status === "refused") {
    await recordRefusal(outcome.decision, outcome.workspaceId, input.body);
    throw refusalError(outcome.verdict);
  }
  return outcome;
}
