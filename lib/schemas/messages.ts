import { z } from "zod";
import { Block, Blocks, StatusBlock } from "./blocks";
import { Cursor, Limit, plainText, Timestamp, Uuid } from "./common";
import { MESSAGE_BODY_MAX } from "@/lib/limits";

const Body = plainText()
  .max(MESSAGE_BODY_MAX, `body must be at most ${MESSAGE_BODY_MAX} characters`)
  .refine((body) => body.trim().length > 0, "body must not be empty");

/** A send (docs/api-contract.md#message): `body` is the plain-text fallback; with blocks only, the first title. */
export const SendMessageRequest = z
  .strictObject({ body: Body.optional(), blocks: Blocks.optional() })
  .refine((input) => input.body !== undefined || input.blocks !== undefined, {
    message: "body is required when no blocks are given",
    path: ["body"],
  })
  .transform((input) => ({ body: input.body ?? input.blocks![0]!.title, blocks: input.blocks }))
  .meta({ id: "SendMessageRequest" });

export type SendMessageInput = z.output<typeof SendMessageRequest>;

export const PatchMessageRequest = z
  .strictObject({ blocks: z.array(StatusBlock).min(1, "send the message's status blocks").max(10) })
  .meta({ id: "PatchMessageRequest" });

export const MessageKind = z.enum(["text", "card", "system"]);

/** A file a person attached, as bots learn of it (here and in `message.created`): its facts, not its bytes. */
export const MessageAttachment = z
  .object({
    name: z.string(),
    type: z.string(),
    size: z.number().int(),
    sha256: z.string(),
  })
  .meta({ id: "MessageAttachment" });

export const Message = z
  .object({
    id: Uuid,
    seq: z.number().int().meta({ description: "Order within the conversation: 1, 2, 3 ... without gaps" }),
    kind: MessageKind,
    body: z.string(),
    sender_user_id: Uuid.nullable(),
    sender_bot_id: Uuid.nullable(),
    created_at: Timestamp,
    blocks: z.array(Block).nullable(),
    attachments: z
      .array(MessageAttachment)
      .optional()
      .meta({ description: "The files a person attached; present only on a message with files" }),
  })
  .meta({ id: "Message" });

export const MessageListQuery = z.object({
  after_seq: z.coerce
    .number({ error: "after_seq must be a whole number >= 0" })
    .int("after_seq must be a whole number >= 0")
    .min(0, "after_seq must be a whole number >= 0")
    .default(0)
    .meta({
      // Spelled out, because zod-to-openapi infers nullability by parsing null, which the coercion turns into 0: a
      // query string has no null (`after_seq=null` is 422). A `type` here stands for the whole schema.
      type: "integer",
      minimum: 0,
      default: 0,
      description:
        "List the messages whose `seq` is greater than this (exclusive); default 0, from the first message. To " +
        "poll for new messages, pass back the previous page's `next_after_seq`",
    }),
  limit: Limit,
  cursor: Cursor.meta({
    description:
      "Opaque form of `after_seq`: pass back a previous page's `next_cursor` for the page after it (null when no " +
      "more messages exist now). It wins over `after_seq` when both are given; a cursor the list did not issue is " +
      "422 `invalid_body`",
  }),
});

export const RemovedRange = z
  .object({ from_seq: z.number().int(), to_seq: z.number().int() })
  .meta({
    id: "RemovedRange",
    description:
      "Messages from `from_seq` to `to_seq` (inclusive) that were deleted by the workspace's retention of messages: " +
      "sequence numbers are never reused, so a page shows the gap rather than renumbering",
  });

export const MessageList = z
  .object({
    data: z.array(Message),
    next_cursor: z.string().nullable(),
    next_after_seq: z.number().int(),
    removed: z.array(RemovedRange).meta({
      description: "The deleted ranges between `after_seq` and `next_after_seq`, oldest first (usually empty)",
    }),
  })
  .meta({ id: "MessageList" });

export const SentMessage = z
  .object({
    data: z.object({
      id: Uuid,
      conversation_id: Uuid,
      seq: z.number().int(),
      kind: MessageKind,
      body: z.string(),
      blocks: z.array(Block).nullable(),
      created_at: Timestamp,
      status: z.literal("sent"),
    }),
  })
  .meta({ id: "SentMessage" });

export const HeldMessage = z
  .object({
    data: z.object({
      status: z.literal("pending_approval"),
      approval_id: Uuid.meta({ description: "The draft a person approves or rejects" }),
      reasons: z.array(z.string()),
    }),
  })
  .meta({ id: "HeldMessage" });

export const MessageCheck = z
  .object({
    data: z.object({
      outcome: z
        .enum(["sent", "pending_approval", "policy_blocked", "opted_out", "deferred"])
        .meta({ description: "What the send would answer: its `status` (201, 202) or its error `code` (403, 409, 429)" }),
      status: z.union([z.literal(201), z.literal(202), z.literal(403), z.literal(409), z.literal(429)]).meta({
        description: "The HTTP status the send would answer",
      }),
      reasons: z.array(z.string()).meta({
        description:
          "The reasons the send would give, built-in codes first, then a workspace rule's `rule:<slug>`",
      }),
      message: z.string().nullable().meta({ description: "The refusal's message as the send would word it" }),
      retry_after: z.number().int().nullable().meta({ description: "Seconds until a deferred send could go" }),
      approval: z
        .object({
          rule: z.string().meta({ description: "The slug of the rule that holds it" }),
          group: z.string().meta({ description: "The approver group: `role:admin`, `role:member` or a named group" }),
          approvals: z.number().int().meta({ description: "How many distinct people of the group must approve" }),
        })
        .nullable()
        .meta({ description: "Who would decide a message a workspace rule holds; null otherwise" }),
      rule_set_version: z
        .number()
        .int()
        .nullable()
        .meta({ description: "The workspace's rule-set version that decided; null when it has none" }),
    }),
  })
  .meta({ id: "MessageCheck" });

export const UpdatedMessage = z.object({ data: Message }).meta({ id: "UpdatedMessage" });
