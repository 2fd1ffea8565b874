import { jobLogger } from "@/lib/db/job-logger";
import { watchChannel } from "@/lib/db/listener";
import { relayOutbox, type SendJobEvents } from "@/lib/jobs/outbox-relay";

/** A failed send is tried again after this long, doubling up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 60_000;

export interface OutboxRelayHandle {
  stop(): Promise<void>;
}

/**
 * Runs the outbox relay (lib/jobs/outbox-relay.ts) in this process while JOBS_ENGINE=inngest: at once when a row is
 * committed (relay_enqueue_job() NOTIFYs `relay_job_outbox`), and every `pollMs` besides (a notification missed while
 * the LISTEN connection was down). A failed send backs off, doubling, up to a minute. Any number of processes may run
 * one: they share the rows (SKIP LOCKED).
 */
export async function startOutboxRelay(send: SendJobEvents, options: { pollMs?: number } = {}): Promise<OutboxRelayHandle> {
  const pollMs = options.pollMs ?? 1000;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let backoffMs = 0;
  let retryAt = 0;

  const pass = async () => {
    do {
      again = false;
      if (Date.now() < retryAt) return;
      const result = await relayOutbox(send).catch((error: Error) => ({ sent: 0, error: error.message }));
      if (result.error) {
        backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs ? backoffMs * 2 : FIRST_BACKOFF_MS);
        retryAt = Date.now() + backoffMs;
        jobLogger.error(`outbox relay: could not send to Inngest (next try in ${backoffMs} ms): ${result.error}`);
        return;
      }
      backoffMs = 0;
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => (running = null));
  };
  const unwatch = await watchChannel("relay_job_outbox", wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unwatch();
      await running;
    },
  };
}
