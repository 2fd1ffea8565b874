import { db } from "@/lib/db/client";
import type { MemberRole } from "@/lib/generated/prisma/client";
import { watchChannel } from "@/lib/db/listener";
import { ApiError } from "@/lib/errors";
import { requireUuid } from "@/lib/ids";
import { conversationVisibleTo, managesBot, managesEveryBot, seesEveryConversation } from "@/lib/people/access";
import { requireMember, type PersonActor } from "@/lib/people/actor";
import { processSingleton } from "@/lib/process-singleton";
import { watchEveryConversation } from "./conversation-stream";
import { WORKSPACE_CHANNEL, type WorkspaceEvent, type WorkspaceNotice } from "./live";

// Live changes of a whole workspace, for the chat's conversation list and approvals inbox: the changes of every
// conversation the person can see there, and the bot-to-bot requests entering or leaving the inbox that the person
// may decide: those of the bots they manage, as lib/agents/list-pending-agent-requests.ts lists them (both rules:
// lib/people/access.ts). Only which conversation changed and how travels, never content: the page re-reads what it
// may show. The person's role and conversations are read again every RECHECK_MS while the stream is open: a
// demoted admin stops hearing of others' conversations, and a removed member of anything, within that time.

const RECHECK_MS = 30_000;

// Conversations never move between workspaces, so this process remembers each one's workspace once read.
const workspaceOf = processSingleton("__relayConversationWorkspace", () => new Map<string, string>());

async function conversationWorkspace(conversationId: string): Promise<string | null> {
  const known = workspaceOf.get(conversationId);
  if (known) return known;
  const row = await db().conversation.findUnique({ where: { id: conversationId }, select: { workspaceId: true } });
  if (row) workspaceOf.set(conversationId, row.workspaceId);
  return row?.workspaceId ?? null;
}

export async function watchWorkspace(
  actor: PersonActor,
  options: { workspaceId: string; watcher: (event: WorkspaceEvent) => void; recheckMs?: number },
): Promise<() => void> {
  const { watcher } = options;
  const recheckMs = options.recheckMs ?? RECHECK_MS;
  const workspaceId = requireUuid(options.workspaceId, "Workspace");
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { id: true } });
  if (!workspace) throw new ApiError("not_found", "Workspace not found");
  const membership = await requireMember(actor, { client: db(), workspaceId });

  let role: MemberRole | null = membership.role;
  let roleReadAt = Date.now();
  /** The person's role now (null: no longer a member), read again once it is older than recheckMs. */
  const currentRole = async () => {
    if (Date.now() - roleReadAt >= recheckMs) {
      roleReadAt = Date.now();
      const now = await db().membership.findUnique({
        where: { workspaceId_userId: { workspaceId, userId: actor.userId } },
        select: { role: true },
      });
      role = now?.role ?? null;
    }
    return role;
  };

  let mine = new Set<string>();
  let readAt = 0;
  const sees = async (conversationId: string) => {
    // Re-read what the member sees when it is old, or when a conversation is new to it (they may have just been
    // added), but not more than once a second.
    if (Date.now() - readAt > recheckMs || (!mine.has(conversationId) && Date.now() - readAt > 1000)) {
      readAt = Date.now();
      const rows = await db().conversation.findMany({
        where: { workspaceId, ...conversationVisibleTo(actor.userId) },
        select: { id: true },
      });
      mine = new Set(rows.map((r) => r.id));
    }
    return mine.has(conversationId);
  };

  // Who decides a bot's requests (managesBot); who registered a bot never changes, so it is read once.
  const registeredBy = new Map<string, string | null>();
  const mayDecide = async (botId: string) => {
    if (!registeredBy.has(botId)) {
      const bot = await db().bot.findUnique({ where: { id: botId }, select: { createdByUserId: true } });
      registeredBy.set(botId, bot?.createdByUserId ?? null);
    }
    return managesBot({ createdByUserId: registeredBy.get(botId) ?? null }, { role, userId: actor.userId });
  };

  const stopConversations = await watchEveryConversation((event) => {
    void (async () => {
      if ((await conversationWorkspace(event.conversation_id)) !== workspaceId) return;
      const now = await currentRole();
      if (now && (seesEveryConversation(now) || (await sees(event.conversation_id)))) watcher(event);
    })().catch(() => {});
  });
  const stopNotices = await watchChannel<WorkspaceNotice>(WORKSPACE_CHANNEL, (notice) => {
    if (notice.workspace_id !== workspaceId || notice.kind !== "agent_request") return;
    void (async () => {
      // An admin decides every bot's requests: no need to read who registered this one.
      const now = await currentRole();
      if (now && (managesEveryBot(now) || (await mayDecide(notice.bot_id)))) watcher({ kind: "agent_request" });
    })().catch(() => {});
  });
  return () => {
    stopConversations();
    stopNotices();
  };
}
