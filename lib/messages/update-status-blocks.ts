import { appendAuditLog } from "@/lib/audit/audit-log";
import { decisionEntry } from "@/lib/policy/decision-entry";
import { query, sql, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import { requireBotConversation } from "@/lib/conversations/bot-access";
import { messageShape } from "./content";
import { decide } from "@/lib/policy/decide";
import { isRefusal, recordRefusal, refusalError } from "@/lib/policy/refusal";
import { blockTexts, type Block, type StatusBlock } from "@/lib/schemas/blocks";
import { serializeMessage } from "./serialize";
import { notifyConversation } from "@/lib/chat/live";

// PATCH /messages/{id}: only status blocks change after sending, in place (docs/api-contract.md#status-blocks). The
// message's status blocks are replaced one for one, in order; everything else about the message stays. The new texts
// pass the policy's block rules (a status line can carry a secret; a stopped bot may not change anything).

const FIND = query("messages.findForEdit", {
  text: "SELECT conversation_id, sender_bot_id, blocks FROM messages WHERE id = $1",
});
const UPDATE = query("messages.updateBlocks", {
  text: `UPDATE messages SET blocks = $2::jsonb, edited_at = now() WHERE id = $1
   RETURNING id, seq, kind, body, blocks, sender_user_id, sender_bot_id, created_at`,
});

interface UpdateStatusBlocksOptions {
  messageId: string;
  /** The message's status blocks as they are now, one for each it carries, in order. */
  statusBlocks: StatusBlock[];
}

export async function updateStatusBlocks(bot: BotPrincipal, { messageId, statusBlocks }: UpdateStatusBlocksOptions) {
  const found = await sql().query(FIND, [messageId]);
  const message = found[0];
  if (!message) throw new ApiError("not_found", "Message not found");
  const conversation = await requireBotConversation(bot, { sql: sql(), conversationId: message.conversation_id });
  if (message.sender_bot_id !== bot.id) throw new ApiError("forbidden", "A bot can only edit messages it sent");

  const current = (message.blocks as Block[] | null) ?? [];
  const positions = current.flatMap((block, index) => (block.type === "status_block" ? [index] : []));
  if (positions.length === 0) throw new ApiError("invalid_blocks", "This message carries no status block to update");
  if (positions.length !== statusBlocks.length) {
    throw new ApiError(
      "invalid_blocks",
      `This message carries ${positions.length} status block(s); send exactly that many, in order`,
    );
  }
  const next = [...current];
  positions.forEach((position, i) => (next[position] = statusBlocks[i]!));

  const outcome = await transaction(async (tx) => {
    const decision = await decide(tx, {
      mode: "edit",
      botId: bot.id,
      conversationId: conversation.id,
      content: blockTexts(statusBlocks),
      shape: messageShape(statusBlocks),
    });
    if (isRefusal(decision.verdict)) return { kind: "refused", refused: decision.verdict, decision } as const;
    const rows = await tx.query(UPDATE, [messageId, JSON.stringify(next)]);
    await appendAuditLog(
      tx,
      decisionEntry(decision, { workspaceId: conversation.workspaceId, subject: { type: "message", id: messageId } }),
    );
    await notifyConversation(tx, { conversationId: conversation.id, kind: "updated" });
    return { kind: "done", row: rows[0]! } as const;
  });
  if (outcome.kind === "refused") {
    await recordRefusal(outcome.decision, {
      workspaceId: conversation.workspaceId,
      body: blockTexts(statusBlocks).join(" "),
    });
    throw refusalError(outcome.refused);
  }
  return serializeMessage(outcome.row);
}
