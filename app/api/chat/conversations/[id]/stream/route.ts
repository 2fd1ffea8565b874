import { signedInPerson } from "@/lib/auth/session";
import { errorResponse } from "@/lib/http/bot-route";
import { eventStream } from "@/lib/http/sse";
import { ApiError } from "@/lib/errors";
import { db } from "@/lib/db/client";
import { person, requireConversationAccess } from "@/lib/people/actor";
import { requireUuid } from "@/lib/ids";
import { watchConversation } from "@/lib/chat/conversation-stream";

// GET /api/chat/conversations/{id}/stream: server-sent events for an open chat page, one `data:` line per committed
// change in the conversation ({kind, conversation_id, seq?}); the page re-reads what changed. Fed by Postgres
// LISTEN/NOTIFY, so a change made through any app process (or the CLI, or a bot) reaches every open page.

export const dynamic = "force-dynamic";

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
  return eventStream(request, (send) => watchConversation(conversationId, send));
}
