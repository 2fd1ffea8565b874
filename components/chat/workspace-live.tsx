"use client";

import { usePathname, useRouter } from "next/navigation";
import { startTransition, useEffect, useRef } from "react";

/**
 * Keeps the chat's lists (conversations, unread counts, approvals) current: follows the workspace's server-sent
 * events and re-renders from the server, at most a few times a second. Changes of the conversation open on the page
 * are left to its own stream (LiveThread), so one change causes one re-render.
 */
export function WorkspaceLive({ workspaceId }: { workspaceId: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const path = useRef(pathname);
  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const source = new EventSource(`/api/chat/workspaces/${workspaceId}/stream`);
    source.onmessage = (message) => {
      const event = JSON.parse(message.data as string) as { conversation_id: string };
      if (path.current.includes(`/c/${event.conversation_id}`)) return;
      clearTimeout(timer);
      timer = setTimeout(() => startTransition(() => router.refresh()), 250);
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [workspaceId, router]);
  return null;
}
