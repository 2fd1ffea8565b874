import { countOpenStreamsWith } from "@/lib/metrics/registry";
import { processSingleton } from "@/lib/process-singleton";

// A server-sent events response that forwards what `subscribe` hears until the client goes away. Comments keep
// idle connections (and proxies) open; `retry` tells the browser's EventSource how soon to reconnect.
//
// On SIGTERM / SIGINT the server stops (scripts/serve.ts): every open stream gets a short `retry` hint and is ended,
// so the browser reconnects at once (to another app process, or to this one once restarted) and the server's close
// is not held up by streams that never end. The streams are kept in one set per process (lib/process-singleton.ts:
// Next may load this module once per route bundle), which relay_sse_streams_open reads (lib/metrics/registry.ts).

const HEARTBEAT_MS = 25_000;
/** The reconnection delay a stream ended by a shutdown asks for. */
export const SHUTDOWN_RETRY_MS = 500;

interface Streams {
  open: Set<() => void>;
  closing: boolean;
}

const KEY = Symbol.for("relay.sse.streams");

function streams(): Streams {
  return processSingleton(KEY, () => {
    const registry: Streams = { open: new Set(), closing: false };
    countOpenStreamsWith(() => registry.open.size);
    // Beside Next's own handler (which stops accepting and waits for open connections): end ours.
    const endAll = () => {
      registry.closing = true;
      for (const end of [...registry.open]) end();
    };
    process.once("SIGTERM", endAll);
    process.once("SIGINT", endAll);
    return registry;
  });
}

/** An event's other fields, beside its `data:` line: its `id:` (a client resumes after it with Last-Event-ID) and type. */
export interface EventFields {
  id?: string;
  event?: string;
}

/** Sends one event: `data` as one JSON line, with the fields given. */
export type SendEvent = (data: unknown, fields?: EventFields) => void;

export function eventStream(
  request: Request,
  subscribe: (send: SendEvent, end: () => void) => Promise<() => void>,
): Response {
  const encoder = new TextEncoder();
  const registry = streams();
  let stop = () => {};
  let end = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop(); // the stream is closed
        }
      };
      const close = () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      end = () => {
        write(`retry: ${SHUTDOWN_RETRY_MS}\n: server stopping, reconnect\n\n`);
        close();
      };
      // Open from here until it ends, however it ends: the one count of open streams (shutdown and metrics).
      registry.open.add(end);
      write("retry: 2000\n: connected\n\n");
      let unsubscribe: () => void;
      let ended = false; // the subscriber ended the stream (maybe before it was done subscribing)
      try {
        // Field values are ours (ids, type names): no line breaks; the data is one line of JSON.
        const send: SendEvent = (data, fields = {}) =>
          write(
            `${fields.event ? `event: ${fields.event}\n` : ""}${fields.id ? `id: ${fields.id}\n` : ""}` +
              `data: ${JSON.stringify(data)}\n\n`,
          );
        unsubscribe = await subscribe(send, () => {
          ended = true;
          close();
        });
      } catch (error) {
        registry.open.delete(end);
        throw error;
      }
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        registry.open.delete(end);
      };
      // A client gone while the subscription was being made is let go at once (and a stream its subscriber ended
      // meanwhile); a stream opened while the server stops (a request accepted just before) ends at once.
      if (request.signal.aborted || ended) close();
      else if (registry.closing) end();
      else request.signal.addEventListener("abort", close);
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
