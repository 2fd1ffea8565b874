import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as streamRoute from "@/app/api/public/v1/events/stream/route";
import * as triggerRoute from "@/app/api/public/v1/events/trigger/route";
import * as meRoute from "@/app/api/public/v1/me/route";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { WEBHOOK_EVENT_DATA } from "@/lib/schemas/webhook-events";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { startReceiver, type Receiver } from "@/test/receiver";
import { serveRoutes, type RouteHttp } from "@/test/route-http";
import { RelayApiError, RelayClient, listen, verifyWebhook, type ForwardResult, type StreamReady } from "@/sdk/index";
import { attemptDelivery } from "./attempt-delivery";
import { EVENT_TYPES } from "./event-types";
import { GRACE_SECONDS } from "./stream-bot-events";

// `relay listen` end to end (docs/decisions/039-relay-listen.md): the bot API's routes served over real HTTP, the
// SDK's listen() on the other side forwarding to a real local receiver. Every event type, triggered, arrives signed
// as a real delivery (verified with the SDK and with the `standardwebhooks` library); a real event takes the same
// road; a dropped connection resumes after its last event with nothing lost and nothing forwarded twice; the
// lease decides what the bot's real deliveries do (--only holds them back; no URL fails them at once).

let world: SeededWorld;
let receiver: Receiver;
let routes: RouteHttp;
const helper = () => world.bots[0]!;
const scheduler = () => world.bots[1]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fetch whose event-stream connections the test can cut, as a network would; it records what each one asked. */
function cuttableFetch() {
  const cuts: (() => void)[] = [];
  const opened: Headers[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).includes("/events/stream") || !response.body) return response;
    opened.push(new Headers(init?.headers));
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        cuts.push(() => {
          controller.error(new Error("connection reset (by the test)"));
          void reader.cancel().catch(() => {});
        });
      },
      async pull(controller) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
  return { fetcher, cut: () => cuts.at(-1)?.(), opened };
}

interface Listening {
  forwarded: ForwardResult[];
  ready: StreamReady[];
  stop: () => Promise<void>;
}

async function startListening(
  bot: SeededWorld["bots"][number],
  options: { only?: boolean; fetcher?: typeof fetch } = {},
): Promise<Listening> {
  const client = new RelayClient({ baseUrl: routes.origin, apiKey: bot.api_key, fetch: options.fetcher });
  const stop = new AbortController();
  const forwarded: ForwardResult[] = [];
  const ready: StreamReady[] = [];
  const running = listen({
    client,
    forwardTo: receiver.url,
    only: options.only,
    signal: stop.signal,
    retryMs: 100,
    onReady: (r) => ready.push(r),
    onForward: (result) => forwarded.push(result),
  });
  for (let i = 0; i < 100 && !ready.length; i++) await sleep(20);
  expect(ready).toHaveLength(1);
  return { forwarded, ready, stop: () => (stop.abort(), running) };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({}); // no webhook URL: the bots hear events only through relay listen
  routes = await serveRoutes([
    [/^\/api\/public\/v1\/events\/stream$/, streamRoute, () => ({})],
    [/^\/api\/public\/v1\/events\/trigger$/, triggerRoute, () => ({})],
    [/^\/api\/public\/v1\/me$/, meRoute, () => ({})],
  ]);
});
afterAll(async () => {
  await routes?.close();
  await receiver?.close();
});

describe("relay trigger with nobody listening", () => {
  it("is 409 conflict when the bot has no webhook URL and no stream is open, and writes nothing", async () => {
    const before = await db().webhookDelivery.count();
    const client = new RelayClient({ baseUrl: routes.origin, apiKey: scheduler().api_key, maxRetries: 0 });
    const refused = await client.triggerEvent({ type: "ping" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RelayApiError);
    expect(refused).toMatchObject({ status: 409, code: "conflict" });
    expect(await db().webhookDelivery.count()).toBe(before);
  });

  it("refuses an unknown type with the documented error shape", async () => {
    const response = await fetch(`${routes.origin}/api/public/v1/events/trigger`, {
      method: "POST",
      headers: { authorization: `Bearer ${helper().api_key}`, "content-type": "application/json" },
      body: JSON.stringify({ type: "message.exploded" }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_body", request_id: expect.any(String) } });
  });

  it("refuses a stream resumed from something that is not a position, before it opens", async () => {
    const response = await fetch(`${routes.origin}/api/public/v1/events/stream`, {
      headers: { authorization: `Bearer ${helper().api_key}`, "last-event-id": "12; DROP TABLE" },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_body" } });
    const [bot] = await sql().unchecked<{ listen_until: Date | null }>(`SELECT listen_until FROM bots WHERE id = $1`, [
      helper().id,
    ]);
    expect(bot!.listen_until).toBeNull();
  });
});

describe("relay listen forwards every event type, signed as a real delivery", () => {
  it("forwards a triggered sample of each type, which the SDK and standardwebhooks verify", async () => {
    receiver.received.length = 0;
    const listening = await startListening(helper());
    try {
      const client = new RelayClient({ baseUrl: routes.origin, apiKey: helper().api_key });
      const triggered = [];
      for (const type of EVENT_TYPES) triggered.push(await client.triggerEvent({ type }));
      const arrived = await receiver.waitFor(EVENT_TYPES.length);
      await until(() => listening.forwarded.length === EVENT_TYPES.length, "every forward's result");

      expect(arrived.map((r) => JSON.parse(r.body).type)).toEqual([...EVENT_TYPES]);
      const library = new Webhook(helper().signing_secret);
      for (const [i, request] of arrived.entries()) {
        const type = EVENT_TYPES[i]!;
        const event = verifyWebhook(request.body, request.headers, helper().signing_secret);
        expect(event).toMatchObject({ id: triggered[i]!.delivery_id, type, bot_id: helper().id });
        const headers = request.headers as Record<string, string>;
        expect(library.verify(request.body, headers)).toMatchObject({ id: triggered[i]!.delivery_id, type });
        // Both header sets, as a real attempt sends them, and the mark of a sample.
        expect(headers).toMatchObject({
          "x-service-event": type,
          "x-service-delivery": triggered[i]!.delivery_id,
          "webhook-id": triggered[i]!.delivery_id,
          "x-relay-test": "true",
          "user-agent": "Relay-Webhooks/1.0",
          "content-type": "application/json",
        });
        // Realistic: the data is what a real event of the type carries, strictly.
        expect(WEBHOOK_EVENT_DATA[type].strict().safeParse(event.data).success, type).toBe(true);
        expect(() => verifyWebhook(request.body, request.headers, "whsec_not_the_secret")).toThrow();
      }
      expect(listening.forwarded.map((f) => [f.event_type, f.status, f.test])).toEqual(
        EVENT_TYPES.map((type) => [type, 200, true]),
      );
      expect(listening.forwarded.every((f) => f.ms >= 0 && f.signature.spec.startsWith("sha256="))).toBe(true);
    } finally {
      await listening.stop();
    }
  });

  it("forwards a real event too (a person's message), through the same road", async () => {
    receiver.received.length = 0;
    const listening = await startListening(helper());
    try {
      const conversationId = world.conversations[1]!.id; // helper is authorized there
      await postPersonMessage(person(world.people[0]!.id, "web"), { conversationId, body: "Is my order late?" });
      const [request] = await receiver.waitFor(1);
      const event = verifyWebhook(request!.body, request!.headers, helper().signing_secret);
      expect(event).toMatchObject({ type: "message.created", data: { conversation_id: conversationId } });
      expect(request!.headers["x-relay-test"]).toBeUndefined();

      // The bot has no webhook URL: its delivery fails at once, saying where it went, and is not retried.
      const outcome = await attemptDelivery(event.id);
      expect(outcome).toMatchObject({ status: "failed", error: "no webhook URL; relay listen received it" });
      expect(outcome!.next_attempt_at).toBeNull();
    } finally {
      await listening.stop();
    }
  });
});

describe("a lost connection", () => {
  it("reconnects with Last-Event-ID and resumes: nothing lost, nothing forwarded twice", async () => {
    receiver.received.length = 0;
    const network = cuttableFetch();
    const listening = await startListening(helper(), { fetcher: network.fetcher });
    const client = new RelayClient({ baseUrl: routes.origin, apiKey: helper().api_key });
    try {
      const sent: string[] = [];
      const trigger = async (n: number) => {
        for (let i = 0; i < n; i++) sent.push((await client.triggerEvent({ type: "message.received" })).delivery_id);
      };
      await trigger(3);
      await receiver.waitFor(3);
      network.cut();
      await trigger(4); // while it is cut, and while it reconnects
      await receiver.waitFor(7);
      await until(() => listening.ready.length === 2, "the reconnection");
      await trigger(2);
      await receiver.waitFor(9);
      await sleep(300); // anything forwarded twice would show by now

      const ids = receiver.received.map((r) => JSON.parse(r.body).id as string);
      expect(ids.sort()).toEqual([...sent].sort());
      expect(new Set(ids).size).toBe(ids.length);
      expect(network.opened).toHaveLength(2);
      expect(network.opened[0]!.get("last-event-id")).toBeNull();
      // It resumed after the last event it had before the cut.
      const lastBeforeCut = listening.forwarded[2]!.seq;
      expect(network.opened[1]!.get("last-event-id")).toBe(lastBeforeCut);
      expect(listening.ready[1]!.after).toBe(lastBeforeCut);
    } finally {
      await listening.stop();
    }
  });
});

describe("the bot's real deliveries while it listens", () => {
  it("go on as usual, or with --only are held back (failed, replayable); the lease is cut to its grace at the end", async () => {
    const real = await startReceiver();
    try {
      await sql().unchecked(`UPDATE bots SET webhook_url = $2 WHERE id = $1`, [scheduler().id, real.url]);
      const client = new RelayClient({ baseUrl: routes.origin, apiKey: scheduler().api_key });

      const plain = await startListening(scheduler());
      const first = await client.triggerEvent({ type: "ping" });
      await until(() => plain.forwarded.length === 1, "the forward");
      const [row] = await sql().unchecked<{ listen_until: Date; listen_only: boolean }>(
        `SELECT listen_until, listen_only FROM bots WHERE id = $1`,
        [scheduler().id],
      );
      expect(row!.listen_only).toBe(false);
      expect(row!.listen_until.getTime()).toBeGreaterThan(Date.now() + 30_000);
      const delivered = await attemptDelivery(first.delivery_id, { retry: false });
      expect(delivered?.error ?? "").not.toContain("relay listen");
      await plain.stop();

      const only = await startListening(scheduler(), { only: true });
      const second = await client.triggerEvent({ type: "ping" });
      await until(() => only.forwarded.length === 1, "the forward");
      expect(await attemptDelivery(second.delivery_id)).toMatchObject({
        status: "failed",
        error: "held back: relay listen --only",
        next_attempt_at: null,
      });
      await only.stop();
      await sleep(200); // the stream's end cuts the lease to its grace, for a dropped connection to come back in
      const [after] = await sql().unchecked<{ listen_until: Date }>(`SELECT listen_until FROM bots WHERE id = $1`, [
        scheduler().id,
      ]);
      expect(after!.listen_until.getTime()).toBeLessThanOrEqual(Date.now() + GRACE_SECONDS * 1000 + 1000);
    } finally {
      await real.close();
    }
  });
});
