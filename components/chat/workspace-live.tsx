"use client";

import { usePathname } from "next/navigation";
import { useLiveRefresh } from "./use-live-refresh";

/**
 * Keeps the chat's lists (conversations, unread counts, approvals with bot-to-bot requests) current from the
 * workspace's event stream. Changes of the conversation open on the page are left to its own stream (LiveThread):
 * one change, one re-render.
 */
export function WorkspaceLive({ workspaceId }: { workspaceId: string }) {
  const pathname = usePathname();
  const connection = useLiveRefresh(`/api/chat/workspaces/${workspaceId}/stream`, {
    delayMs: 250,
    skip: (event) => event.conversation_id !== undefined && pathname.includes(`/c/${event.conversation_id}`),
  });
  // Nothing to see: the lists re-render themselves. The state is there for tests (as the thread's data-live).
  return <span hidden data-workspace-live={connection} />;
}
