import type { RowOf } from "@/lib/db/sql";
import { messageBlocks, storedAttachments } from "./message-view";

// The API's message shape (docs/api-contract.md#message), from a row of `messages`: a contract of its own, whose
// blocks and files are read as every view of a message reads them (./message-view.ts).

/**
 * The columns the shape reads (messages.updateBlocks returns exactly these), and `metadata` when the row has it
 * (messages.listForBot): only read for `attachments`, so rows read without it serialize as before.
 */
export type MessageRow = RowOf<"messages.updateBlocks"> & Partial<Pick<RowOf<"messages.listForBot">, "metadata">>;

export function serializeMessage(row: MessageRow) {
  const attachments = storedAttachments(row.metadata);
  return {
    id: row.id,
    seq: row.seq,
    kind: row.kind,
    body: row.body,
    sender_user_id: row.sender_user_id,
    sender_bot_id: row.sender_bot_id,
    created_at: row.created_at.toISOString(),
    blocks: messageBlocks(row.blocks),
    // Present only on messages with files, so the API's message shape is unchanged for the rest.
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/** A message as a bot reads it: its files' facts (name, type, size, SHA-256) as `message.created` gives them. */
export function serializeBotMessage(row: MessageRow) {
  const { attachments, ...message } = serializeMessage(row);
  return attachments
    ? { ...message, attachments: attachments.map(({ name, type, size, sha256 }) => ({ name, type, size, sha256 })) }
    : message;
}

/** The 201 body's message of a send: the message as sent, with its conversation and `status: "sent"`. */
export function serializeSentMessage(message: RowOf<"messages.insert">) {
  return {
    id: message.id,
    conversation_id: message.conversation_id,
    seq: message.seq,
    kind: message.kind,
    body: message.body,
    blocks: messageBlocks(message.blocks),
    created_at: message.created_at.toISOString(),
    status: "sent" as const,
  };
}
