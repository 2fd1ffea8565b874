// `relay listen`: a bot's events on a developer's laptop, with no public URL (docs/decisions/039-relay-listen.md).
// It opens the bot's event stream (GET /events/stream, server-sent events, with the bot's key), and POSTs each
// delivery to a local URL with the body and the headers Relay signed for it, exactly what the bot's webhook URL would
// get: the local code verifies it with the signing secret as a real one, and this side needs no secret. A lost
// connection is opened again after a pause that doubles (0.5 s up to 5 s), resuming after the last event received
// (Last-Event-ID); a delivery it already had (the server re-sends a few around a resume) is dropped, so nothing is
// forwarded twice. Node built-ins only, like the rest of the SDK; the repository's CLI and the SDK's `relay` bin
// (bin.ts) both run it.

import { RelayApiError, type RelayClient, type StreamedDelivery, type StreamReady } from "./client.js";
import { verifyWebhook } from "./verify-webhook.js";

// ---- Server-sent events (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation)

/** One event as the stream dispatched it. */
export interface ServerSentEvent {
  /** The stream's last event id once this event was read (its own `id:`, or an earlier one). */
  id: string | undefined;
  /** Its `event:` field; `message` when absent. */
  event: string;
  /** Its `data:` lines, joined with `\n`. */
  data: string;
}

/**
 * Reads a text/event-stream incrementally: `push` each decoded chunk as it comes (lines may be split anywhere, even
 * between a CR and its LF) and get the events it completed. Comments (`: ...`) are skipped; `retry:` is kept as
 * `retryMs`; an event with no data is not dispatched, but its `id:` still counts.
 */
export class EventStreamParser {
  private buffer = "";
  private data: string[] = [];
  private event = "";
  private started = false;
  /** The last chunk ended with a CR: an LF starting this one is the rest of that line ending. */
  private afterCR = false;
  /** The last `id:` seen. */
  lastEventId: string | undefined;
  /** The last `retry:` the server asked for, in ms. */
  retryMs: number | undefined;

  push(chunk: string): ServerSentEvent[] {
    if (this.afterCR && chunk.startsWith("\n")) chunk = chunk.slice(1);
    if (chunk.length) this.afterCR = false;
    let text = this.buffer + chunk;
    if (!this.started && text.length) {
      this.started = true;
      if (text.startsWith("\uFEFF")) text = text.slice(1);
    }
    const events: ServerSentEvent[] = [];
    let at = 0;
    for (;;) {
      const lf = text.indexOf("\n", at);
      const cr = text.indexOf("\r", at);
      if (lf < 0 && cr < 0) break;
      let end: number;
      let next: number;
      if (cr >= 0 && (lf < 0 || cr < lf)) {
        end = cr;
        // A CR at the very end may be the first half of a CRLF: the next chunk's LF is then skipped.
        if (cr === text.length - 1) this.afterCR = true;
        next = text[cr + 1] === "\n" ? cr + 2 : cr + 1;
      } else {
        end = lf;
        next = lf + 1;
      }
      const event = this.line(text.slice(at, end));
      if (event) events.push(event);
      at = next;
    }
    this.buffer = text.slice(at);
    return events;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === "") {
      const data = this.data;
      const event = this.event;
      this.data = [];
      this.event = "";
      if (!data.length) return null;
      return { id: this.lastEventId, event: event || "message", data: data.join("\n") };
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.lastEventId = value;
    else if (field === "retry" && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}

/** The events of a stream's body, as they come. */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  parser: EventStreamParser = new EventStreamParser(),
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}

// ---- Forwarding ----

/** What became of one delivery forwarded to the local URL. */
export interface ForwardResult {
  seq: string;
  delivery_id: string;
  event_type: string;
  test: boolean;
  /** The local answer's status; null when there was none (refused, timed out). */
  status: number | null;
  /** From sending to the local answer's end. */
  ms: number;
  error: string | null;
  /** Checked here too when `secret` was given: whether the signatures verify with it. */
  verified?: boolean;
  /** The signature headers it carried, for the printed hint. */
  signature: { spec: string; standard: string; timestamp: string };
}

export interface ListenOptions {
  /** The bot's client (its key opens the stream). */
  client: RelayClient;
  /** Where to POST each delivery, e.g. `http://localhost:4000/webhook`. */
  forwardTo: string;
  /** Hold the bot's real deliveries back while listening (`--only`). */
  only?: boolean;
  /** Stops listening (the promise then resolves). */
  signal?: AbortSignal;
  /** The bot's signing secret (or [new, old]): each delivery is also verified here and the result printed. */
  secret?: string | string[];
  /** A human line per event and notice (default: none; the bin prints to stdout). */
  print?: (line: string) => void;
  /** Each delivery's fate, as it is known. */
  onForward?: (result: ForwardResult, delivery: StreamedDelivery) => void;
  /** Each time the stream is (re)opened. */
  onReady?: (ready: StreamReady, reconnected: boolean) => void;
  /** The local answer's time limit, as Relay's own attempts (15 s). */
  timeoutMs?: number;
  /** Silence after which the connection is taken for dead (a comment comes every 25 s). Default 60 s. */
  idleMs?: number;
  /**
   * The first pause before reconnecting, doubled up to `maxRetryMs`. Default 500 ms and 5 s: the server keeps the
   * bot's listen lease 20 s after a connection drops, so several tries fall within it.
   */
  retryMs?: number;
  maxRetryMs?: number;
  /** How to POST to the local URL (tests pass their own). */
  fetch?: typeof fetch;
}

/** Deliveries remembered, to forward each once across reconnections (the oldest are forgotten first). */
const REMEMBERED = 10_000;

/**
 * Listens until `signal` aborts (then resolves) or the stream is refused for good (then rejects with the
 * RelayApiError: a bad key, a stopped bot). Network failures, 5xx and 429 are retried.
 */
export async function listen(options: ListenOptions): Promise<void> {
  const print = options.print ?? (() => {});
  const post = options.fetch ?? globalThis.fetch;
  const idleMs = options.idleMs ?? 60_000;
  const seen = new Set<string>();
  let cursor: string | undefined; // the highest position received: where a reconnection resumes
  let start: bigint | undefined; // where this session began: what came before is not its to forward
  let connections = 0;
  let pause = options.retryMs ?? 500;

  while (!options.signal?.aborted) {
    const connection = new AbortController();
    const stop = () => connection.abort();
    options.signal?.addEventListener("abort", stop);
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(new Error(`no word from the server in ${idleMs / 1000} s`)), idleMs);
    };
    let failure: unknown;
    try {
      const response = await options.client.streamEvents(
        { only: options.only ? "true" : "false" },
        { lastEventId: cursor, signal: connection.signal },
      );
      touch();
      const parser = new EventStreamParser();
      const decoder = new TextDecoder();
      const reader = response.body!.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          touch();
          for (const event of parser.push(decoder.decode(value, { stream: true }))) {
            if (event.event === "ready") {
              const ready = JSON.parse(event.data) as StreamReady;
              cursor ??= ready.after;
              start ??= BigInt(ready.after);
              const reconnected = connections++ > 0;
              pause = options.retryMs ?? 500;
              options.onReady?.(ready, reconnected);
              print(
                reconnected
                  ? `Reconnected: resuming after event ${cursor}.`
                  : `Ready: forwarding this bot's events to ${options.forwardTo}` +
                      (ready.only ? " (--only: its real deliveries are held back meanwhile)." : "."),
              );
              continue;
            }
            if (event.event !== "delivery") continue;
            const delivery = JSON.parse(event.data) as StreamedDelivery;
            if (cursor === undefined || BigInt(delivery.seq) > BigInt(cursor)) cursor = delivery.seq;
            // Had it before a reconnection, or from before this session began (a resume re-reads a little below
            // its cursor, for deliveries committed out of order).
            if (seen.has(delivery.seq) || (start !== undefined && BigInt(delivery.seq) <= start)) continue;
            seen.add(delivery.seq);
            if (seen.size > REMEMBERED) seen.delete(seen.values().next().value!);
            const result = await forward(delivery, { ...options, post });
            touch();
            options.onForward?.(result, delivery);
            for (const line of describeForward(result)) print(line);
          }
        }
      } finally {
        reader.cancel().catch(() => {});
      }
      if (parser.retryMs !== undefined) pause = parser.retryMs; // the server is stopping: it says how soon to return
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(idle);
      options.signal?.removeEventListener("abort", stop);
    }
    if (options.signal?.aborted) return;
    if (failure instanceof RelayApiError && !retryable(failure)) throw failure;
    const wait =
      failure instanceof RelayApiError && failure.retry_after !== undefined ? failure.retry_after * 1000 : pause;
    print(`Connection lost${failure ? ` (${reason(failure)})` : ""}; reconnecting in ${(wait / 1000).toFixed(1)} s.`);
    await sleep(wait, options.signal);
    pause = Math.min(pause * 2, options.maxRetryMs ?? 5_000);
  }
}

const retryable = (error: RelayApiError) => error.status === 0 || error.status === 429 || error.status >= 500;

function reason(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message !== error.message ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done);
  });

/** POSTs one delivery to the local URL, exactly as Relay would to the webhook URL. */
async function forward(
  delivery: StreamedDelivery,
  options: Pick<ListenOptions, "forwardTo" | "secret" | "timeoutMs"> & { post: typeof fetch },
): Promise<ForwardResult> {
  const signature = {
    spec: delivery.headers["X-Service-Signature"] ?? "",
    standard: delivery.headers["webhook-signature"] ?? "",
    timestamp: delivery.headers["X-Service-Timestamp"] ?? "",
  };
  const base = {
    seq: delivery.seq,
    delivery_id: delivery.delivery_id,
    event_type: delivery.event_type,
    test: delivery.test,
    signature,
  };
  let verified: boolean | undefined;
  if (options.secret !== undefined) {
    try {
      verifyWebhook(delivery.body, delivery.headers, options.secret);
      verified = true;
    } catch {
      verified = false;
    }
  }
  const started = performance.now();
  try {
    const response = await options.post(options.forwardTo, {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    const ms = Math.round(performance.now() - started);
    return { ...base, status: response.status, ms, error: null, verified };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    return { ...base, status: null, ms, error: reason(error), verified };
  }
}

/** The lines printed for one forwarded delivery: the event, the local answer and time, and how to verify it. */
export function describeForward(result: ForwardResult): string[] {
  const time = new Date().toTimeString().slice(0, 8);
  const what = `${time} ${result.event_type}${result.test ? " (test)" : ""} ${result.delivery_id}`;
  const answer =
    result.status === null ? `no answer: ${result.error}` : `${result.status} in ${result.ms} ms`;
  const short = (value: string) => (value.length > 30 ? `${value.slice(0, 30)}…` : value);
  const lines = [
    `${what} -> ${answer}`,
    `  signed: X-Service-Signature ${short(result.signature.spec)} and webhook-signature ${short(result.signature.standard)}, t=${result.signature.timestamp}`,
  ];
  if (result.verified === true) lines.push("  signature: valid with the signing secret given");
  else if (result.verified === false)
    lines.push("  signature: NOT valid with the signing secret given (is it this bot's current secret?)");
  else
    lines.push(
      "  verify: verifyWebhook(rawBody, headers, signingSecret) (@relay/sdk) or new Webhook(signingSecret).verify(rawBody, headers) (standardwebhooks), over the raw body",
    );
  if (result.status === 400 || result.status === 401 || result.status === 403)
    lines.push(
      `  your endpoint refused it (${result.status}): verify the raw body as received, before parsing it, with this bot's signing secret`,
    );
  if (result.status === null && /ECONNREFUSED|fetch failed/i.test(result.error ?? ""))
    lines.push("  nothing answered there: is your server running on that port?");
  return lines;
}
