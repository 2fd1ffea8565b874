import { metrics } from "@/lib/metrics/registry";

// A server-sent events response that forwards what `subscribe` hears until the client goes away. Comments keep
// idle connections (and proxies) open; `retry` tells the browser's EventSource how soon to reconnect.

const HEARTBEAT_MS = 25_000;

export function eventStream(
  request: Request,
  subscribe: (send: (data: unknown) => void) => Promise<() => void>,
): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  // relay_sse_streams_open counts the stream from its start until it ends, once, however it ends.
  let open = false;
  const closed = () => {
    if (open) metrics().sseStreams.dec();
    open = false;
  };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      open = true;
      metrics().sseStreams.inc();
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop(); // the stream is closed
        }
      };
      write("retry: 2000\n: connected\n\n");
      let unsubscribe: () => void;
      try {
        unsubscribe = await subscribe((data) => write(`data: ${JSON.stringify(data)}\n\n`));
      } catch (error) {
        closed();
        throw error;
      }
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        closed();
      };
      const abort = () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      // A client gone while the subscription was being made is let go at once.
      if (request.signal.aborted) abort();
      else request.signal.addEventListener("abort", abort);
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
