import type pg from "pg";
import { watchEveryConversation } from "@/lib/chat/conversation-stream";
import { jobLogger } from "@/lib/db/job-logger";
import { pgSql } from "@/lib/db/sql";
import { queueEmbedPending } from "@/lib/memory/embed-pending";

/** At most one enqueue per process per this many ms, however many messages arrive. */
export const EMBED_TRIGGER_INTERVAL_MS = 1000;

/**
 * New messages queue the embedding job without touching the insert path: every message insert already NOTIFYs
 * `relay_conversation` (lib/chat/live.ts), and this process's one LISTEN hears it. The first message after a quiet
 * spell queues the job at once; later ones within the interval are covered by one more enqueue at its end (the job
 * key keeps a single queued job whatever several worker processes do). Returns the function that stops it.
 */
export async function queueEmbeddingOnNewMessages(jobPool: pg.Pool): Promise<() => void> {
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const enqueue = () => {
    timer = null;
    if (stopped) return;
    last = Date.now();
    queueEmbedPending(pgSql(jobPool)).catch((error: Error) =>
      jobLogger.error(`could not queue embed_pending: ${error.message}`),
    );
  };
  const unwatch = await watchEveryConversation((event) => {
    if (event.kind !== "message" || timer || stopped) return;
    timer = setTimeout(enqueue, Math.max(0, last + EMBED_TRIGGER_INTERVAL_MS - Date.now()));
    timer.unref();
  });
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    unwatch();
  };
}
