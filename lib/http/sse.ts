// A server-sent events response that forwards what `subscribe` hears until the client goes away. Comments keep
// idle connections (and proxies) open; `retry` tells the browser's EventSource how soon to reconnect.

const HEARTBEAT_MS = 25_000;

export function eventStream(
  request: Request,
  subscribe: (send: (data: unknown) => void) => Promise<() => void>,
): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop(); // the stream is closed
        }
      };
      write("retry: 2000\n: connected\n\n");
      const unsubscribe = await subscribe((data) => write(`data: ${JSON.stringify(data)}\n\n`));
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
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
