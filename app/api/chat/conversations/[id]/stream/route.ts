import { signedInPerson } from "@/lib/auth/session";
import { apiHandler } from "@/lib/http/api-response";
import { notAllowed } from "@/lib/http/not-allowed";
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

export const GET = apiHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const me = await signedInPerson();
  if (!me) throw new ApiError("unauthorized", "Sign in to follow a conversation");
  const conversationId = requireUuid((await context.params).id, "Conversation");
  await requireConversationAccess(db(), person(me.id, "web"), conversationId);
  return eventStream(request, (send) => watchConversation(conversationId, send));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
