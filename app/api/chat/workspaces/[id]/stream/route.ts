import { personRoute } from "@/lib/http/person-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { eventStream } from "@/lib/http/sse";
import { watchWorkspace } from "@/lib/chat/workspace-stream";

// GET /api/chat/workspaces/{id}/stream: server-sent events for the chat's lists (conversations, approvals): which
// conversation the person can see changed, and how ({kind, conversation_id, seq?}), or that bot-to-bot requests
// the person may decide entered or left the inbox ({kind: "agent_request"}).

export const dynamic = "force-dynamic";

export const GET = personRoute({ route: "/api/chat/workspaces/[id]/stream", signInTo: "follow a workspace" }, async ({ actor, params, request }) => {
  const { id } = params;
  const buffered: unknown[] = [];
  let forward: ((data: unknown) => void) | undefined;
  // Checked (and subscribed) before the response starts, so a refusal is a plain JSON error.
  const unwatch = await watchWorkspace(actor, {
    workspaceId: id,
    watcher: (event) => (forward ? forward(event) : buffered.push(event)),
  });
  return eventStream(request, async (send) => {
    forward = send;
    for (const event of buffered.splice(0)) send(event);
    return unwatch;
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
