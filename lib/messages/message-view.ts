import type { AttachmentInfo } from "@/lib/attachments/store-attachment";
import type { Message } from "@/lib/generated/prisma/client";
import type { Block } from "@/lib/schemas/blocks";

// The one view of a message row that a person's readers show: the chat's thread (lib/chat/get-thread.ts) and the
// paged read of their assistant (lib/chat/read-messages.ts). Both write the same fields in the same order; what
// differs is who they say sent it (the chat names through which door, the assistant does not) and how much of each
// file they show, so those two are the reader's. The API's message (lib/messages/serialize.ts) is a contract of its
// own (sender ids, no edit time, files only when there are some) read from a SQL row; it reads the row's blocks and
// files through the same functions here.

export type MessageKind = "text" | "card" | "system";

/** A person's or bot's answer to a card, as the chat shows it under the card. */
export interface CardResponse {
  type: "card.action" | "form.submit";
  action_key: string;
  values: Record<string, string | number>;
  handle: string;
  at: string;
}

/** A message as a person's reader shows it; `Sender` and `Attachment` are the reader's. */
export interface MessageView<Sender, Attachment> {
  id: string;
  seq: number;
  kind: MessageKind;
  body: string;
  blocks: Block[] | null;
  sender: Sender;
  /** The answers to a card: the chat's only. */
  responses?: CardResponse[];
  attachments: Attachment[];
  created_at: string;
  edited_at: string | null;
}

/** The columns of `messages` a view reads. */
export type MessageViewRow = Pick<
  Message,
  "id" | "seq" | "kind" | "body" | "blocks" | "metadata" | "createdAt" | "editedAt"
>;

interface ViewOf<Sender, Attachment> {
  sender: Sender;
  attachment: (file: AttachmentInfo) => Attachment;
  responses?: boolean;
}

/** A row's view, with the reader's sender, its own fields of each file, and the card's answers when asked. */
export function messageView<Sender, Attachment>(
  row: MessageViewRow,
  view: ViewOf<Sender, Attachment> & { responses: true },
): MessageView<Sender, Attachment> & { responses: CardResponse[] };
export function messageView<Sender, Attachment>(
  row: MessageViewRow,
  view: ViewOf<Sender, Attachment>,
): MessageView<Sender, Attachment>;
export function messageView<Sender, Attachment>(
  row: MessageViewRow,
  view: ViewOf<Sender, Attachment>,
): MessageView<Sender, Attachment> {
  return {
    id: row.id,
    seq: row.seq,
    kind: row.kind,
    body: row.body,
    blocks: messageBlocks(row.blocks),
    sender: view.sender,
    ...(view.responses ? { responses: cardResponses(row.metadata) } : {}),
    attachments: storedAttachments(row.metadata).map(view.attachment),
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
  };
}

/** A row's blocks, or null for a message without. */
export function messageBlocks(blocks: unknown): Block[] | null {
  return (blocks as Block[] | null | undefined) ?? null;
}

/** The files a message's metadata names, as they were stored (none when it names none). */
export function storedAttachments(metadata: unknown): AttachmentInfo[] {
  const attachments = (metadata as { attachments?: unknown } | null | undefined)?.attachments;
  return Array.isArray(attachments) ? (attachments as AttachmentInfo[]) : [];
}

function cardResponses(metadata: unknown): CardResponse[] {
  const responses = (metadata as { responses?: unknown } | null)?.responses;
  if (!Array.isArray(responses)) return [];
  return responses.map(
    (r: {
      type: CardResponse["type"];
      action_key: string;
      values?: Record<string, string | number>;
      handle: string;
      at: string;
    }) => ({
      type: r.type,
      action_key: r.action_key,
      values: r.values ?? {},
      handle: r.handle,
      at: r.at,
    }),
  );
}
