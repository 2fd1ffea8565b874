import { inTransaction, type Sql } from "@/lib/db/sql";
import type { BotPrincipal } from "@/lib/bots/authenticate-bot";
import { decideOn, type Decision } from "@/lib/policy/decide";
import { loadSendSnapshot } from "@/lib/policy/load-snapshot";
import { isRefusal, recordRefusal, refusalError, type Refusal } from "@/lib/policy/refusal";
import type { SendMessageInput } from "@/lib/schemas/messages";
import { createHeldMessage } from "@/lib/drafts/create-held-message";
import { messageContent } from "./content";
import { insertMessage } from "./insert-message";

// POST /conversations/{id}/messages: one policy decision, then sent (201), held for a person (202), or refused
// (403 / 409 / 429, recorded for admins). Cards go through exactly the same door.

export type SendResult =
  | { status: "sent"; message: Awaited<ReturnType<typeof insertMessage>> }
  | { status: "pending_approval"; approvalId: string; reasons: string[] };

type Refused = { status: "refused"; decision: Decision; verdict: Refusal; workspaceId: string };

export async function sendMessage(
  bot: BotPrincipal,
  conversationId: string,
  input: SendMessageInput,
  tx?: Sql,
): Promise<SendResult> {
  const blocks = input.blocks ?? null;
  const content = messageContent(input.body, blocks);

  const outcome = await inTransaction(tx, async (tx): Promise<SendResult | Refused> => {
    const { workspaceId, snapshot } = await loadSendSnapshot(tx, bot, { conversationId, content, now: new Date() });
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
    const message = await insertMessage(tx, { type: "bot", decision }, { conversationId, body: input.body, blocks });
    return { status: "sent", message };
  });

  if (outcome.status === "refused") {
    await recordRefusal(outcome.decision, outcome.workspaceId, input.body);
    throw refusalError(outcome.verdict);
  }
  return outcome;
}
