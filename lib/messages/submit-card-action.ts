import { query, transaction } from "@/lib/db/sql";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { recordAuditSql } from "@/lib/audit/record-audit";
import { handleOfSql, type PersonActor } from "@/lib/people/actor";
import { requireConversationAccessSql } from "@/lib/people/access";
import type { Block } from "@/lib/schemas/blocks";
import { messageReceived } from "@/lib/webhooks/events";
import { notifyConversation } from "@/lib/chat/live";
import { TEXT_INPUT_MAX } from "@/lib/limits";

// A person clicks an approval card's action or submits a form card of a bot's message. The bot that sent it hears a
// `message.received` event (docs/api-contract.md#payloads) with `action: {type, action_key, values}` and the `user`.
// The response is kept on the message (metadata.responses) so every reader sees who answered what. One SQL
// transaction (docs/decisions/005).

type FormCard = Extract<Block, { type: "form_card" }>;
type ApprovalCard = Extract<Block, { type: "approval_card" }>;

const MESSAGE_CONVERSATION = query("messages.conversationOf", {
  text: "SELECT conversation_id FROM messages WHERE id = $1",
});
const LOCK_MESSAGE = query("messages.lockForCardAction", {
  text: "SELECT sender_bot_id, blocks, metadata FROM messages WHERE id = $1 FOR UPDATE",
});
const SET_METADATA = query("messages.setMetadata", { text: "UPDATE messages SET metadata = $2 WHERE id = $1" });

interface SubmitCardActionOptions {
  messageId: string;
  /** The card action's key, or the form card's submit key. */
  actionKey: string;
  /** A form card's values, by input name. */
  values?: Record<string, unknown>;
}

export async function submitCardAction(
  actor: PersonActor,
  { messageId: id, actionKey, values }: SubmitCardActionOptions,
) {
  const messageId = requireUuid(id, "Message");
  return transaction(async (tx) => {
    const [found] = await tx.query(MESSAGE_CONVERSATION, [messageId]);
    if (!found) throw new ApiError("not_found", "Message not found");
    // Checked before the lock, so a person who may not see the message locks nothing (a message stays in its
    // conversation, so the check stays true).
    const conversationId = found.conversation_id;
    const { conversation } = await requireConversationAccessSql(actor, { client: tx, conversationId, what: "Message" });
    // Locked, so two people answering one card at once are served one after the other.
    const [message] = await tx.query(LOCK_MESSAGE, [messageId]);
    if (!message) throw new ApiError("not_found", "Message not found");
    const blocks = message.blocks as Block[] | null;
    if (!message.sender_bot_id || !blocks) throw new ApiError("invalid_body", "This message has no cards to act on");

    const card = blocks.find(
      (b): b is ApprovalCard => b.type === "approval_card" && b.actions.some((a) => a.key === actionKey),
    );
    const form = blocks.find((b): b is FormCard => b.type === "form_card" && b.submit.key === actionKey);
    if (!card && !form) throw new ApiError("invalid_body", `The message has no action "${actionKey}"`);
    const action = card
      ? { type: "card.action" as const, action_key: actionKey, values: {} }
      : { type: "form.submit" as const, action_key: actionKey, values: formValues(form!, values ?? {}) };

    const metadata = (message.metadata ?? {}) as Record<string, unknown>;
    const responses = (Array.isArray(metadata.responses) ? metadata.responses : []) as {
      action_key: string;
      handle: string;
    }[];
    // A card is answered once: the first answer is the card's state for everyone (a double click, or two people at
    // once, cannot answer it twice).
    const keys = card ? card.actions.map((a) => a.key) : [actionKey];
    const earlier = responses.find((r) => keys.includes(r.action_key));
    if (earlier) throw new ApiError("conflict", `@${earlier.handle} already answered this card`);

    const userHandle = await handleOfSql(tx, actor.userId);
    const response = { ...action, user_id: actor.userId, handle: userHandle, at: new Date().toISOString() };
    await tx.query(SET_METADATA, [messageId, JSON.stringify({ ...metadata, responses: [...responses, response] })]);
    await notifyConversation(tx, { conversationId, kind: "updated" });
    await recordAuditSql(tx, {
      workspaceId: conversation.workspaceId,
      actor,
      action: action.type,
      subjectType: "message",
      subjectId: messageId,
      data: { action_key: actionKey },
    });
    const eventId = await messageReceived(tx, {
      workspaceId: conversation.workspaceId,
      conversationId,
      botId: message.sender_bot_id,
      messageId,
      userHandle,
      action,
    });
    return { message_id: messageId, action, event_id: eventId };
  });
}

/** A form's values, checked against its inputs: known names only, required ones present, each of its type. */
export function formValues(form: FormCard, given: Record<string, unknown>): Record<string, string | number> {
  const inputs = new Map(form.inputs.map((input) => [input.name, input]));
  const unknown = Object.keys(given).filter((name) => !inputs.has(name));
  if (unknown.length) throw new ApiError("invalid_body", `The form has no field(s): ${unknown.join(", ")}`);
  const values: Record<string, string | number> = {};
  for (const input of form.inputs) {
    const raw = given[input.name];
    if (raw === undefined || raw === null || raw === "") {
      if (input.required) throw new ApiError("invalid_body", `${input.label} is required`);
      continue;
    }
    switch (input.type) {
      case "number": {
        const n = typeof raw === "number" ? raw : Number(raw);
        if (!Number.isFinite(n)) throw new ApiError("invalid_body", `${input.label} must be a number`);
        if ((input.min !== undefined && n < input.min) || (input.max !== undefined && n > input.max)) {
          throw new ApiError(
            "invalid_body",
            `${input.label} must be between ${input.min ?? "-∞"} and ${input.max ?? "∞"}`,
          );
        }
        values[input.name] = n;
        break;
      }
      case "date": {
        const text = String(raw);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
          throw new ApiError("invalid_body", `${input.label} must be a date (YYYY-MM-DD)`);
        }
        values[input.name] = text;
        break;
      }
      case "select": {
        const text = String(raw);
        if (!input.options.some((o) => o.value === text))
          throw new ApiError("invalid_body", `${input.label}: "${text}" is not one of the options`);
        values[input.name] = text;
        break;
      }
      case "text": {
        const text = String(raw);
        const max = input.max_length ?? TEXT_INPUT_MAX;
        if (text.length > max) throw new ApiError("invalid_body", `${input.label} must be at most ${max} characters`);
        values[input.name] = text;
        break;
      }
    }
  }
  return values;
}
