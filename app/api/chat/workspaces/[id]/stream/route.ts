import { signedInPerson } from "@/lib/auth/session";
import { errorResponse } from "@/lib/http/bot-route";
import { eventStream } from "@/lib/http/sse";
import { ApiError } from "@/lib/errors";
import { person } from "@/lib/people/actor";
import { watchWorkspace } from "@/lib/chat/workspace-stream";

// GET /api/chat/workspaces/{id}/stream: server-sent events for the chat's lists (conversations, approvals): which
// conversation the person can see changed, and how ({kind, conversation_id, seq?}), or that bot-to-bot requests
// the person may decide entered or left the inbox ({kind: "agent_request"}).

export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const me = await signedInPerson();
  if (!me) return errorResponse(new ApiError("unauthorized", "Sign in to follow a workspace"));
  const { id } = await context.params;
  let unwatch: (() => void) | undefined;
  const buffered: unknown[] = [];
  let forward: ((data: unknown) => void) | undefined;
  try {
    // Checked (and subscribed) before the response starts, so a refusal is a plain JSON error.
    unwatch = await watchWorkspace(person(me.id, "web"), id, (event) =>
      forward ? forward(event) : buffered.push(event),
    );
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
  return eventStream(request, async (send) => {
    forward = send;
    for (const event of buffered.splice(0)) send(event);
    return unwatch!;
  });
}
