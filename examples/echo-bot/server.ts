import { realpathSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  RelayApiError,
  RelayClient,
  verifyWebhook,
  WebhookVerificationError,
  type AgentRequestCreatedEvent,
  type MessageCreatedEvent,
  type WebhookEvent,
} from "../../sdk/index.js";

// An example Relay bot built on the SDK. It verifies every webhook, answers 200 at once (Relay wants a 2xx within
// 15 s), and then replies "Echo: <text>" to each person's message, and answers "Echo: <question>" to each question
// another bot asks it over a trusted connection (agent_request.created). Two guards against replying twice to one event
// (Relay retries deliveries and people can replay them, always with the same envelope id):
// - the reply's Idempotency-Key is `echo-<envelope id>`, so even a redelivery after a restart replays the first reply;
// - recently seen envelope ids are remembered (bounded), so a redelivery costs no API call at all.
// The envelope id is this bot's delivery of the event: another bot behind the same URL gets the same message under
// its own id (and its own `bot_id`), so deduplicating on it never drops another bot's copy. Ids inside `data`
// (`data.message.id`) are shared by every bot that hears the event: never deduplicate on those.
//
//   RELAY_API_KEY=amk_... RELAY_SIGNING_SECRET=whsec_... npx tsx examples/echo-bot/server.ts

export interface EchoBotOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1 (Relay reaches local bots over loopback); use 0.0.0.0 behind a proxy. */
  host?: string;
  relayUrl: string;
  apiKey: string;
  /** The signing secret; two during a rotation (either verifies). */
  secrets: string[];
  /** One JSON-able object per line. Default: JSON on stdout. */
  log?: (line: Record<string, unknown>) => void;
}

export interface EchoBot {
  /** The webhook URL, e.g. http://127.0.0.1:4000/webhook. */
  url: string;
  /** Stops accepting requests and waits for replies already under way. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024; // Relay's events are a few KiB; refuse anything absurd before buffering it
const SEEN_LIMIT = 10_000;
const MAX_MESSAGE = 4000; // docs/api-contract.md#limits: a longer body would be refused with 422

export async function startEchoBot(options: EchoBotOptions): Promise<EchoBot> {
  const log = options.log ?? ((line) => console.log(JSON.stringify(line)));
  const client = new RelayClient({ baseUrl: options.relayUrl, apiKey: options.apiKey });
  const seen = new RecentIds(SEEN_LIMIT);
  const inFlight = new Set<Promise<void>>();

  /** Sends the bot's answer to an event once, and logs what became of it. */
  async function respond(event: WebhookEvent, send: () => Promise<{ status: string }>) {
    try {
      const result = await send();
      // pending_approval: a new bot's first messages wait for a person's approval
      // (docs/api-contract.md#new-bots-and-rate-limits); one reply.
      log({ event: event.type, id: event.id, replied: true, status: result.status });
    } catch (error) {
      // Forget the id so that a replay from the portal can try again; the idempotency key still prevents a double.
      seen.delete(event.id);
      log({
        event: event.type,
        id: event.id,
        replied: false,
        error: errorMessage(error),
        code: error instanceof RelayApiError ? error.code : undefined, // e.g. opted_out, policy_blocked, deferred
      });
    }
  }

  const reply = (event: MessageCreatedEvent) =>
    respond(event, () =>
      client.sendMessage(
        event.data.conversation_id,
        { body: truncate(`Echo: ${event.data.message.body}`, MAX_MESSAGE) },
        { idempotencyKey: `echo-${event.id}` },
      ),
    );

  // Another bot asked this one a question over a trusted connection: answer it once, echoing the question.
  const answer = (event: AgentRequestCreatedEvent) =>
    respond(event, () =>
      client.respondToAgentRequest(
        event.data.agent_request.id,
        { body: truncate(`Echo: ${event.data.agent_request.question}`, MAX_MESSAGE) },
        { idempotencyKey: `answer-${event.id}` },
      ),
    );

  function handle(event: WebhookEvent) {
    if (seen.has(event.id)) return log({ event: event.type, id: event.id, replied: false, duplicate: true });
    seen.add(event.id); // before the reply starts, so a redelivery arriving meanwhile is skipped too
    const work =
      event.type === "message.created" ? reply(event) : event.type === "agent_request.created" ? answer(event) : null;
    // Other events (card answers, approvals, answers to its own questions...) are logged with their data.
    if (!work) return log({ event: event.type, id: event.id, replied: false, data: event.data });
    const task = work.finally(() => inFlight.delete(task));
    inFlight.add(task);
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (req.method === "GET" && path === "/health") return json(res, 200, { ok: true });
    if (path !== "/webhook") return json(res, 404, { error: "not_found" });
    if (req.method !== "POST") return json(res, 405, { error: "method_not_allowed" });

    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) return json(res, 413, { error: "payload_too_large" });
      let event: WebhookEvent;
      try {
        // The raw bytes, never re-serialized JSON: the signature covers exactly what was sent.
        event = verifyWebhook(Buffer.concat(chunks), req.headers, options.secrets);
      } catch (error) {
        const reason = error instanceof WebhookVerificationError ? error.reason : "invalid_request";
        log({ error: "webhook_rejected", reason });
        return json(res, 401, { error: "unauthorized", reason });
      }
      json(res, 200, { ok: true });
      handle(event);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(":") ? `[${address}]` : address}:${port}/webhook`;
  log({ listening: url });

  return {
    url,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections(); // keep-alive sockets would otherwise hold close() open
      });
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** Insertion-ordered ids, oldest dropped first: a bounded memory of the events already handled. */
class RecentIds {
  private readonly ids = new Map<string, true>();
  constructor(private readonly limit: number) {}
  has(id: string) {
    return this.ids.has(id);
  }
  add(id: string) {
    this.ids.delete(id);
    this.ids.set(id, true);
    if (this.ids.size > this.limit) this.ids.delete(this.ids.keys().next().value as string);
  }
  delete(id: string) {
    this.ids.delete(id);
  }
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** Cut to `max` UTF-16 units (how Relay counts) without splitting an emoji's surrogate pair. */
function truncate(text: string, max: number) {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---- Run as a program: configuration from the environment ----

function configFromEnv(env: NodeJS.ProcessEnv): EchoBotOptions {
  const missing = ["RELAY_API_KEY", "RELAY_SIGNING_SECRET"].filter((name) => !env[name]);
  if (missing.length) throw new Error(`set ${missing.join(" and ")} (see examples/echo-bot/README.md)`);
  const port = Number(env.PORT || 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a port number (0 picks a free one), got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || undefined,
    relayUrl: env.RELAY_URL || "http://localhost:3000",
    apiKey: env.RELAY_API_KEY as string,
    // Comma-separated during a signing-secret rotation: old and new both verify until the overlap ends.
    secrets: (env.RELAY_SIGNING_SECRET as string)
      .split(",")
      .map((secret) => secret.trim())
      .filter(Boolean),
  };
}

async function main() {
  const bot = await startEchoBot(configFromEnv(process.env));
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1); // a second Ctrl-C: do not wait any longer
    stopping = true;
    void bot.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

// Start only when run directly (`npx tsx examples/echo-bot/server.ts`), not when a test imports startEchoBot.
function isMain() {
  try {
    return (
      process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
    );
  } catch {
    return false; // argv[1] is not a file (node -e, a REPL)
  }
}

if (isMain()) {
  main().catch((error: unknown) => {
    console.error(JSON.stringify({ error: errorMessage(error) }));
    process.exit(1);
  });
}
