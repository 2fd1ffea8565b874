import { personRoute } from "@/lib/http/person-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { eventStream } from "@/lib/http/sse";
import { db } from "@/lib/db/client";
import { requireConversationAccess } from "@/lib/people/access";
import { requireUuid } from "@/lib/ids";
import { watchConversation } from "@/lib/chat/conversation-stream";

// GET /api/chat/conversations/{id}/stream: server-sent events for an open chat page, one `data:` line per committed
// change in the conversation ({kind, conversation_id, seq?}); the page re-reads what changed. Fed by Postgres
// LISTEN/NOTIFY, so a change made through any app process (or the CLI, or a bot) reaches every open page.

export const dynamic = "force-dynamic";

export const GET = personRoute(
  { route: "/api/chat/conversations/[id]/stream", signInTo: "follow a conversation" },
  async ({ actor, params, request }) => {
    const conversationId = requireUuid(params.id, "Conversation");
    await requireConversationAccess(actor, { client: db(), conversationId });
    return eventStream(request, (send) => watchConversation(conversationId, send));
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
