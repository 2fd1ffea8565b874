import { db } from "@/lib/db/client";
import { watchChannel } from "@/lib/db/listener";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { decidesRequestsOf } from "@/lib/agents/approve-agent-request";
import { watchEveryConversation } from "./conversation-stream";
import { WORKSPACE_CHANNEL, type WorkspaceEvent, type WorkspaceNotice } from "./live";

// Live changes of a whole workspace, for the chat's conversation list and approvals inbox: the changes of every
// conversation the person can see there (all of them for an admin; those they take part in for a member), and the
// bot-to-bot requests entering or leaving the inbox that the person may decide (all of the workspace's for an admin;
// those of the bots they registered for a member, as lib/agents/list-pending-agent-requests.ts lists them). Only
// which conversation changed and how travels, never content: the page re-reads what it may show.

const PARTICIPATION_TTL_MS = 30_000;

// Conversations never move between workspaces, so this process remembers each one's workspace once read.
const workspaceOf: Map<string, string> = ((
  globalThis as unknown as { __relayConversationWorkspace?: Map<string, string> }
).__relayConversationWorkspace ??= new Map());

async function conversationWorkspace(conversationId: string): Promise<string | null> {
  const known = workspaceOf.get(conversationId);
  if (known) return known;
  const row = await db().conversation.findUnique({ where: { id: conversationId }, select: { workspaceId: true } });
  if (row) workspaceOf.set(conversationId, row.workspaceId);
  return row?.workspaceId ?? null;
}

export async function watchWorkspace(
  actor: PersonActor,
  id: string,
  watcher: (event: WorkspaceEvent) => void,
): Promise<() => void> {
  const workspaceId = requireUuid(id, "Workspace");
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { id: true } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  const membership = await requireMember(db(), actor, workspaceId);
  const admin = membership.role === "admin";

  let mine = new Set<string>();
  let readAt = 0;
  const participating = async (conversationId: string) => {
    // Re-read what the member takes part in when it is old, or when a conversation is new to it (they may have
    // just been added), but not more than once a second.
    if (Date.now() - readAt > PARTICIPATION_TTL_MS || (!mine.has(conversationId) && Date.now() - readAt > 1000)) {
      readAt = Date.now();
      const rows = await db().conversationParticipant.findMany({
        where: { userId: actor.userId },
        select: { conversationId: true },
      });
      mine = new Set(rows.map((r) => r.conversationId));
    }
    return mine.has(conversationId);
  };

  // Who decides a bot's requests (decidesRequestsOf); who registered a bot never changes, so it is read once.
  const registeredBy = new Map<string, string | null>();
  const mayDecide = async (botId: string) => {
    if (!registeredBy.has(botId)) {
      const bot = await db().bot.findUnique({ where: { id: botId }, select: { createdByUserId: true } });
      registeredBy.set(botId, bot?.createdByUserId ?? null);
    }
    return decidesRequestsOf(membership.role, actor.userId, { createdByUserId: registeredBy.get(botId) ?? null });
  };

  const stopConversations = await watchEveryConversation((event) => {
    void (async () => {
      if ((await conversationWorkspace(event.conversation_id)) !== workspaceId) return;
      if (admin || (await participating(event.conversation_id))) watcher(event);
    })().catch(() => {});
  });
  const stopNotices = await watchChannel<WorkspaceNotice>(WORKSPACE_CHANNEL, (notice) => {
    if (notice.workspace_id !== workspaceId || notice.kind !== "agent_request") return;
    void (async () => {
      // An admin decides every bot's requests: no need to read who registered this one.
      if (admin || (await mayDecide(notice.bot_id))) watcher({ kind: "agent_request" });
    })().catch(() => {});
  });
  return () => {
    stopConversations();
    stopNotices();
  };
}
