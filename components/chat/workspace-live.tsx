"use client";

import { usePathname } from "next/navigation";
import { useLiveRefresh } from "./use-live-refresh";

/**
 * Keeps the chat's lists (conversations, unread counts, approvals) current from the workspace's event stream.
 * Changes of the conversation open on the page are left to its own stream (LiveThread): one change, one re-render.
 */
export function WorkspaceLive({ workspaceId }: { workspaceId: string }) {
  const pathname = usePathname();
  useLiveRefresh(`/api/chat/workspaces/${workspaceId}/stream`, 250, (event) =>
    pathname.includes(`/c/${event.conversation_id}`),
  );
  return null;
}
