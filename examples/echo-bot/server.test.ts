import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signStandardWebhook, signWebhook } from "../../sdk/index.js";
import { startEchoBot, type EchoBot } from "./server.js";

// The echo bot in-process, against a tiny fake Relay API that records the replies it is sent.

const SECRET = "whsec_echo_test_secret_0123456789";
const OLD_SECRET = "whsec_echo_test_old_secret_98765";
const API_KEY = "amk_echo_test";
const CONV = "0f8c5a52-8a7b-4a5e-9b1e-6d2f0c3e4b5a";
const BOT_ID = "6a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const STANDARD_SECRET = `whsec_${Buffer.from("echo-bot standard webhooks key!!").toString("base64")}`;

interface Reply {
  conversationId: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: { body?: string };
}

let relay: http.Server;
let replies: Reply[] = [];
let bot: EchoBot;
const logs: Record<string, unknown>[] = [];
let waiters: { match: (line: Record<string, unknown>) => boolean; resolve: (line: Record<string, unknown>) => void }[] =
  [];

beforeAll(async () => {
  relay = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const match = /^\/api\/public\/v1\/conversations\/([^/]+)\/messages$/.exec(req.url ?? "");
      if (req.method !== "POST" || !match) return void res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { body?: string };
      replies.push({
        conversationId: match[1] ?? "",
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        authorization: req.headers.authorization,
        body,
      });
      res.writeHead(201, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          data: {
            id: randomUUID(),
            conversation_id: match[1],
            seq: replies.length,
            kind: "text",
            body: body.body,
            blocks: null,
            created_at: new Date().toISOString(),
            status: "sent",
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));

  bot = await startEchoBot({
    port: 0,
    relayUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    apiKey: API_KEY,
    secrets: [SECRET, OLD_SECRET, STANDARD_SECRET],
    log: (line) => {
      logs.push(line);
      waiters = waiters.filter((waiter) => (waiter.match(line) ? (waiter.resolve(line), false) : true));
    },
  });
});

afterAll(async () => {
  await bot.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
});

beforeEach(() => {
  replies = [];
});

/** The next log line about this event id (call before delivering). */
function nextLogFor(id: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => waiters.push({ match: (line) => line.id === id, resolve }));
}

/** As Relay sends it: `id` is this bot's delivery of the event, `bot_id` this bot; `data` holds the shared ids. */
function envelope(type: string, data: unknown) {
  return { id: randomUUID(), type, created_at: new Date().toISOString(), bot_id: BOT_ID, data };
}

function messageCreated(text: string) {
  return envelope("message.created", {
    conversation_id: CONV,
    message: { id: randomUUID(), seq: 4, body: text, sender: { type: "human", handle: "ana" }, mentioned: false },
  });
}

async function deliver(event: unknown, { secret = SECRET, signature }: { secret?: string; signature?: string } = {}) {
  const raw = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(bot.url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Service-Event": (event as { type: string }).type,
      "X-Service-Timestamp": String(timestamp),
      "X-Service-Signature": signature ?? signWebhook(raw, secret, timestamp),
      "X-Service-Delivery": randomUUID(),
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("echo bot", () => {
  it("listens on a free port and reports it", () => {
    expect(bot.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
    expect(logs[0]).toEqual({ listening: bot.url });
  });

  it("answers GET /health", async () => {
    const response = await fetch(bot.url.replace("/webhook", "/health"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("replies once to a signed message.created, with the idempotency key echo-<event id>", async () => {
    const event = messageCreated("hello there");
    const logged = nextLogFor(event.id);
    expect(await deliver(event)).toEqual({ status: 200, body: { ok: true } });
    expect(await logged).toEqual({ event: "message.created", id: event.id, replied: true, status: "sent" });
    expect(replies).toEqual([
      {
        conversationId: CONV,
        idempotencyKey: `echo-${event.id}`,
        authorization: `Bearer ${API_KEY}`,
        body: { body: "Echo: hello there" },
      },
    ]);
  });

  it("does not reply twice to a redelivery of the same event id", async () => {
    const event = messageCreated("only once");
    const first = nextLogFor(event.id);
    await deliver(event);
    expect(await first).toMatchObject({ replied: true });

    // A retry or a replay: the same envelope, signed again with a fresh timestamp.
    const second = nextLogFor(event.id);
    expect((await deliver(event)).status).toBe(200); // still acknowledged, or Relay would keep retrying
    expect(await second).toEqual({ event: "message.created", id: event.id, replied: false, duplicate: true });
    expect(replies).toHaveLength(1);
    expect(replies[0]?.idempotencyKey).toBe(`echo-${event.id}`);
  });

  it("answers 401 with the reason to a bad signature, and does not reply", async () => {
    const event = messageCreated("forged");
    const rejected = await deliver(event, { secret: "whsec_not_the_secret" });
    expect(rejected).toEqual({ status: 401, body: { error: "unauthorized", reason: "invalid_signature" } });
    expect(logs.at(-1)).toEqual({ error: "webhook_rejected", reason: "invalid_signature" });

    // The same event, correctly signed afterwards, is still handled: a forgery does not mark its id as seen.
    const logged = nextLogFor(event.id);
    await deliver(event);
    await logged;
    expect(replies.map((reply) => reply.body.body)).toEqual(["Echo: forged"]);
  });

  it("answers 401 when the signature headers are missing", async () => {
    const response = await fetch(bot.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(messageCreated("x")),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "unauthorized", reason: "missing_headers" });
    expect(replies).toHaveLength(0);
  });

  it("acknowledges a ping with 200 and does not reply", async () => {
    const ping = envelope("ping", {});
    const logged = nextLogFor(ping.id);
    expect(await deliver(ping)).toEqual({ status: 200, body: { ok: true } });
    expect(await logged).toEqual({ event: "ping", id: ping.id, replied: false, data: {} });
    expect(replies).toHaveLength(0);
  });

  it("accepts two signatures in one header when either matches a secret it holds (rotation)", async () => {
    const event = messageCreated("rotating");
    const raw = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const both = `${signWebhook(raw, "whsec_brand_new_secret_unknown_here", timestamp)},${signWebhook(raw, OLD_SECRET, timestamp)}`;
    const logged = nextLogFor(event.id);
    const response = await fetch(bot.url, {
      method: "POST",
      headers: { "X-Service-Timestamp": String(timestamp), "X-Service-Signature": both },
      body: raw,
    });
    expect(response.status).toBe(200);
    expect(await logged).toMatchObject({ replied: true });
    expect(replies.map((reply) => reply.body.body)).toEqual(["Echo: rotating"]);
  });

  it("verifies a delivery that carries only the Standard Webhooks headers", async () => {
    const event = messageCreated("standard");
    const raw = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      "webhook-id": event.id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signStandardWebhook(raw, STANDARD_SECRET, event.id, timestamp),
    };
    const logged = nextLogFor(event.id);
    expect((await fetch(bot.url, { method: "POST", headers, body: raw })).status).toBe(200);
    expect(await logged).toMatchObject({ replied: true });
    const forged = { ...headers, "webhook-id": randomUUID() };
    expect((await fetch(bot.url, { method: "POST", headers: forged, body: raw })).status).toBe(401);
  });

  it("deduplicates on the envelope id, not on the shared message id", async () => {
    // Two deliveries of one person's message (e.g. after the bot was re-added): one message id, two envelope ids.
    const first = messageCreated("same message");
    const second = { ...first, id: randomUUID() };
    const logged = [nextLogFor(first.id), nextLogFor(second.id)];
    await deliver(first);
    await deliver(second);
    expect(await Promise.all(logged)).toEqual([
      expect.objectContaining({ replied: true }),
      expect.objectContaining({ replied: true }),
    ]);
    expect(replies.map((reply) => reply.idempotencyKey).sort()).toEqual([`echo-${first.id}`, `echo-${second.id}`].sort());
  });
});
