"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect, useRef, useState } from "react";

export interface LiveRefreshOptions {
  /** How long after an event the page is re-rendered (events within it come in one re-render). */
  delayMs: number;
  /** Drops events another stream already handles. */
  skip?: (event: { conversation_id?: string }) => boolean;
}

/**
 * Follows a server-sent events URL and re-renders the page from the server after each burst of events (a message
 * and its draft come together: one re-render). `skip` drops events another stream already handles. Returns the
 * connection's state; EventSource reconnects by itself (to another app process when this one stopped or died), and
 * the page is re-rendered once it is back: what changed while the stream was down is never replayed to it.
 */
export function useLiveRefresh(url: string, { delayMs, skip }: LiveRefreshOptions) {
  const router = useRouter();
  const [connection, setConnection] = useState<"connecting" | "live" | "lost">("connecting");
  const skipRef = useRef(skip);
  useEffect(() => {
    skipRef.current = skip;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reopening = false;
    const refreshSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => startTransition(() => router.refresh()), delayMs);
    };
    const source = new EventSource(url);
    source.onopen = () => {
      setConnection("live");
      if (reopening) refreshSoon(); // catch up on what happened while the stream was down
      reopening = true;
    };
    source.onerror = () => setConnection("lost");
    source.onmessage = (message) => {
      if (skipRef.current?.(JSON.parse(message.data as string) as { conversation_id?: string })) return;
      refreshSoon();
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [url, delayMs, router]);
  return connection;
}
