"use client";

import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { announce } from "@/components/ui/announcer";
import { cn } from "@/components/ui/cn";
import { useLiveRefresh } from "./use-live-refresh";

/**
 * The scrolling thread of an open conversation, kept live: it follows the conversation's server-sent events
 * (app/api/chat/conversations/[id]/stream) and re-renders the page from the server on each change, so what a
 * person is typing or editing stays put. It stays at the newest message when the reader was there, tells the
 * server what they have read while the page is visible, and says a new message from someone else aloud.
 */
/** What a screen reader is told of a message that arrives: who sent it and the start of its text. */
export interface NewestMessage {
  seq: number;
  from: string;
  text: string;
  mine: boolean;
}

export function LiveThread({
  conversationId,
  lastSeq,
  markRead,
  children,
  className,
  newest,
}: {
  conversationId: string;
  lastSeq: number;
  markRead: (conversationId: string, seq: number) => Promise<void>;
  children: ReactNode;
  className?: string;
  /** The thread's newest message, said aloud when a live update brings one from someone else. */
  newest?: NewestMessage | null;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const announced = useRef(newest?.seq ?? 0);
  useEffect(() => {
    if (!newest || newest.seq <= announced.current) return;
    announced.current = newest.seq;
    if (!newest.mine) announce(`New message from ${newest.from}: ${newest.text}`);
  }, [newest]);
  const atEnd = useRef(true);
  const connection = useLiveRefresh(`/api/chat/conversations/${conversationId}/stream`, { delayMs: 60 });

  // Each server render hands down a new reference to the same action: keep the latest, and tell the server only
  // when the last seq changes (or the page comes back into view), not on every live re-render.
  const markReadRef = useRef(markRead);
  useEffect(() => {
    markReadRef.current = markRead;
  });
  useEffect(() => {
    const send = () => {
      if (document.visibilityState === "visible") void markReadRef.current(conversationId, lastSeq);
    };
    send();
    document.addEventListener("visibilitychange", send);
    return () => document.removeEventListener("visibilitychange", send);
  }, [conversationId, lastSeq]);

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
        <p className="sticky top-0 z-10 mx-auto w-fit rounded-b-md bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900">
          Reconnecting…
        </p>
      )}
      {children}
    </div>
  );
}
