import { signedInPerson } from "@/lib/auth/session";
import { errorResponse } from "@/lib/http/bot-route";
import { ApiError } from "@/lib/errors";
import { db } from "@/lib/db/client";
import { person, requireConversationAccess } from "@/lib/people/actor";
import { requireUuid } from "@/lib/ids";
import { watchConversation } from "@/lib/chat/conversation-stream";

// GET /api/chat/conversations/{id}/stream: server-sent events for an open chat page, one `data:` line per committed
// change in the conversation ({kind, conversation_id, seq?}); the page re-reads what changed. Fed by Postgres
// LISTEN/NOTIFY, so a change made through any app process (or the CLI, or a bot) reaches every open page.

export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 25_000;

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const me = await signedInPerson();
  if (!me) return errorResponse(new ApiError("unauthorized", "Sign in to follow a conversation"));
  let conversationId: string;
  try {
    conversationId = requireUuid((await context.params).id, "Conversation");
    await requireConversationAccess(db(), person(me.id, "web"), conversationId);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }

  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop(); // the stream is closed
        }
      };
      send("retry: 2000\n: connected\n\n");
      const unwatch = await watchConversation(conversationId, (event) => send(`data: ${JSON.stringify(event)}\n\n`));
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unwatch();
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" },
  });
}
