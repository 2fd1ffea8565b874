import { botRoute, reply } from "@/lib/http/bot-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { requireUuid } from "@/lib/ids";
import { listMessages } from "@/lib/messages/list-messages";
import { sendMessage, sendOpening } from "@/lib/messages/send-message";
import { MessageListQuery, SendMessageRequest } from "@/lib/schemas/messages";

export const GET = botRoute({ query: MessageListQuery }, async ({ bot, params, query }) =>
  reply(
    200,
    await listMessages(bot, requireUuid(params.id, "Conversation"), {
      afterSeq: query.after_seq,
      limit: query.limit,
      cursor: query.cursor,
    }),
  ),
);

const conversationOf = (params: Record<string, string>) => requireUuid(params.id, "Conversation");

export const POST = botRoute(
  {
    body: SendMessageRequest,
    idempotency: "required",
    opening: ({ bot, params }) => sendOpening(bot, conversationOf(params)),
  },
  async ({ bot, params, body, tx, opened }) => {
    const result = await sendMessage(bot, conversationOf(params), body, tx, opened);
    if (result.status === "pending_approval") {
      return reply(202, {
        data: { status: "pending_approval", approval_id: result.approvalId, reasons: result.reasons },
      });
    }
    const { message } = result;
    return reply(201, {
      data: {
        id: message.id,
        conversation_id: message.conversation_id,
        seq: message.seq,
        kind: message.kind,
        body: message.body,
        blocks: message.blocks,
        created_at: message.created_at.toISOString(),
        status: "sent",
      },
    });
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
