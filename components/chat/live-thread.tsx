"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/**
 * The scrolling thread of an open conversation, kept live: it follows the conversation's server-sent events
 * (app/api/chat/conversations/[id]/stream) and re-renders the page from the server on each change, so what a
 * person is typing or editing stays put. It stays at the newest message when the reader was there, and tells the
 * server what they have read while the page is visible.
 */
export function LiveThread({
  conversationId,
  lastSeq,
  markRead,
  children,
  className,
}: {
  conversationId: string;
  lastSeq: number;
  markRead: (conversationId: string, seq: number) => Promise<void>;
  children: ReactNode;
  className?: string;
}) {
  const router = useRouter();
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const [connection, setConnection] = useState<"connecting" | "live" | "lost">("connecting");

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const source = new EventSource(`/api/chat/conversations/${conversationId}/stream`);
    source.onopen = () => setConnection("live");
    source.onerror = () => setConnection("lost"); // EventSource reconnects by itself (retry: 2000)
    source.onmessage = () => {
      // Changes come in bursts (a message and its draft): one re-render for each burst.
      clearTimeout(timer);
      timer = setTimeout(() => startTransition(() => router.refresh()), 60);
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [conversationId, router]);

  useEffect(() => {
    const send = () => {
      if (document.visibilityState === "visible") void markRead(conversationId, lastSeq);
    };
    send();
    document.addEventListener("visibilitychange", send);
    return () => document.removeEventListener("visibilitychange", send);
  }, [conversationId, lastSeq, markRead]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  });

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const el = event.currentTarget;
        atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
      className={cn("relative overflow-y-auto", className)}
      data-live={connection}
    >
      <p className="sr-only" aria-live="polite">
        {connection === "lost" ? "Connection lost; reconnecting." : ""}
      </p>
      {connection === "lost" && (
        <p className="sticky top-0 z-10 mx-auto w-fit rounded-b-md bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900">Reconnecting…</p>
      )}
      {children}
    </div>
  );
}
