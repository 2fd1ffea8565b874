import { createHmac, randomUUID } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql } from "@/lib/db/sql";
import { seal } from "@/lib/crypto/secret-box";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { plainHeaders as plain, startReceiver, type Receiver, type Received } from "@/test/receiver";
import { verifyWebhook } from "@/sdk/index";
import { attemptDelivery } from "./attempt-delivery";
import { getDelivery } from "./get-delivery";
import { pingBot } from "./ping-bot";
import { replayDelivery } from "./replay-delivery";
import { rotateSigningSecret } from "./rotate-signing-secret";

// Webhook identity and Standard Webhooks (docs/decisions/024-webhook-identity-and-standard-webhooks.md), on real
// deliveries captured by a local receiver: the same request verifies with the `standardwebhooks` and `svix`
// libraries, with the SDK under either header style, and with the spec's plain HMAC; two bots behind one URL each
// get their own envelope id; retries, replays and deliveries stored before the change keep or gain that shape.

let receiver: Receiver;
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const helper = () => world.bots[0]!;
const scheduler = () => world.bots[1]!;
const shared = () => world.conversations[0]!.id; // helper and scheduler both
const onlyHelper = () => world.conversations[1]!.id;

const STANDARD_BASE64_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/; // 32 bytes

/** The spec's recipe (docs/api-contract.md#signatures), without any library. */
const specSignature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

/** Every verifier on one request: each returns normally or throws. */
function verifiers(secret: string) {
  return {
    standardwebhooks: (body: string, headers: Record<string, string>) => new StandardWebhook(secret).verify(body, headers),
    svix: (body: string, headers: Record<string, string>) => new SvixWebhook(secret).verify(body, headers),
    "SDK, X-Service headers": (body: string, headers: Record<string, string>) =>
      verifyWebhook(body, headers, secret, { scheme: "x-service" }),
    "SDK, webhook-* headers": (body: string, headers: Record<string, string>) =>
      verifyWebhook(body, headers, secret, { scheme: "standard" }),
    "spec recipe": (body: string, headers: Record<string, string>) => {
      const sent = headers["x-service-signature"]!.split(",");
      if (!sent.includes(specSignature(secret, headers["x-service-timestamp"]!, body))) throw new Error("no match");
    },
  };
}

async function deliveriesOf(conversationId: string, body: string) {
  const since = new Date();
  await postPersonMessage(ana(), { conversationId, body });
  return db().webhookDelivery.findMany({
    where: { createdAt: { gte: since }, eventType: "message.created" },
    orderBy: { createdAt: "asc" },
  });
}

beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({ webhookUrl: receiver.url });
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.respond = (_req, res) => res.end("ok");
});

describe("one captured delivery verifies with every verifier", () => {
  it("standardwebhooks, svix, the SDK under both header styles and the spec's HMAC accept it; tampering fails each", async () => {
    const secret = helper().signing_secret;
    expect(secret).toMatch(STANDARD_BASE64_SECRET);
    const [delivery] = await deliveriesOf(onlyHelper(), "Where is my order? ✓");
    await attemptDelivery(delivery!.id);
    const [request] = await receiver.waitFor(1);
    const headers = plain(request!.headers);
    const envelope = JSON.parse(request!.body);

    // The Standard Webhooks headers beside the spec's, which are unchanged.
    expect(headers["webhook-id"]).toBe(envelope.id);
    expect(headers["webhook-id"]).toBe(headers["x-service-delivery"]);
    expect(headers["webhook-timestamp"]).toBe(headers["x-service-timestamp"]);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(headers["x-service-signature"]).toBe(specSignature(secret, headers["x-service-timestamp"]!, request!.body));
    expect(headers["x-service-event"]).toBe("message.created");

    for (const [name, verify] of Object.entries(verifiers(secret))) {
      expect(() => verify(request!.body, headers), name).not.toThrow();
    }
    expect(new StandardWebhook(secret).verify(request!.body, headers)).toEqual(envelope);
    expect(verifyWebhook(request!.body, headers, secret)).toEqual(envelope); // X-Service headers chosen
    const { "x-service-signature": _s, "x-service-timestamp": _t, ...standardOnly } = headers;
    expect(verifyWebhook(request!.body, standardOnly, secret)).toEqual(envelope); // webhook-* chosen

    const tampered: [string, string, Record<string, string>][] = [
      ["body", request!.body.replace("Where", "When"), headers],
      ["id in the body", request!.body.replace(envelope.id, randomUUID()), headers],
      [
        "timestamp",
        request!.body,
        {
          ...headers,
          "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1),
          "x-service-timestamp": String(Number(headers["x-service-timestamp"]) - 1),
        },
      ],
    ];
    for (const [what, body, changed] of tampered) {
      for (const [name, verify] of Object.entries(verifiers(secret))) {
        expect(() => verify(body, changed), `${name}, tampered ${what}`).toThrow();
      }
    }
    // webhook-id is signed too (the spec's scheme signs the body, which carries the same id).
    const otherId = { ...headers, "webhook-id": randomUUID() };
    const { standardwebhooks, svix, "SDK, webhook-* headers": sdk } = verifiers(secret);
    for (const [name, verify] of Object.entries({ standardwebhooks, svix, sdk })) {
      expect(() => verify(request!.body, otherId), `${name}, tampered webhook-id`).toThrow();
    }
    // Another bot's secret verifies nothing.
    for (const [name, verify] of Object.entries(verifiers(scheduler().signing_secret))) {
      expect(() => verify(request!.body, headers), `${name}, another secret`).toThrow();
    }
  });
});

describe("two bots behind one URL", () => {
  it("each gets its own envelope id naming it, with the shared message id; a receiver deduplicating by id processes both", async () => {
    const deliveries = await deliveriesOf(shared(), "Can one of you book the visit?");
    expect(deliveries.map((d) => d.botId).sort()).toEqual([helper().id, scheduler().id].sort());
    expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(1); // one event
    for (const d of deliveries) expect(d.payload).toMatchObject({ id: d.id, bot_id: d.botId }); // stored as sent

    for (const d of deliveries) await attemptDelivery(d.id);
    const requests = await receiver.waitFor(2);
    const envelopes = requests.map((r) => JSON.parse(r.body));
    expect(envelopes[0].id).not.toBe(envelopes[1].id);
    expect(envelopes.map((e) => e.bot_id).sort()).toEqual([helper().id, scheduler().id].sort());
    expect(envelopes[0].data.message.id).toBe(envelopes[1].data.message.id);
    expect(envelopes.map((e) => e.id).sort()).toEqual(deliveries.map((d) => d.id).sort());

    // The receiver of `seed --webhook-url`: both bots' secrets, one URL, dedupe on the envelope id
    // (docs/guides/bot-developers.md "Webhooks").
    const processed: { bot_id: string; message: string }[] = [];
    const seen = new Set<string>();
    const secretOf = { [helper().id]: helper().signing_secret, [scheduler().id]: scheduler().signing_secret };
    const receive = (request: Received) => {
      const event = verifyWebhook(request.body, request.headers, Object.values(secretOf));
      if (event.type !== "message.created") throw new Error(`unexpected ${event.type}`);
      // Each copy is signed with its own bot's secret, the one bot_id names.
      expect(new StandardWebhook(secretOf[event.bot_id]!).verify(request.body, plain(request.headers))).toEqual(event);
      if (seen.has(event.id)) return;
      seen.add(event.id);
      processed.push({ bot_id: event.bot_id, message: event.data.message.id });
    };
    requests.forEach(receive);
    expect(processed).toHaveLength(2);
    expect(new Set(processed.map((p) => p.bot_id)).size).toBe(2);

    // A retry and a replay of one copy keep its envelope id and webhook-id: the receiver skips them.
    const [first] = deliveries;
    receiver.received.length = 0;
    receiver.respond = (_req, res) => res.writeHead(503).end();
    await replayDelivery(ana(), first!.id);
    const failed = (await attemptDelivery(first!.id))!;
    expect(failed).toMatchObject({ status: "pending", trigger: "replay" });
    receiver.respond = (_req, res) => res.end("ok");
    expect(await attemptDelivery(first!.id)).toMatchObject({ status: "succeeded", trigger: "retry" });
    const again = await receiver.waitFor(2);
    const original = requests.find((r) => JSON.parse(r.body).id === first!.id)!;
    for (const request of again) {
      expect(request.body).toBe(original.body);
      expect(request.headers["webhook-id"]).toBe(first!.id);
      expect(request.headers["x-service-delivery"]).toBe(first!.id);
      receive(request);
    }
    expect(processed).toHaveLength(2);
  });
});

describe("deliveries stored before decision 024", () => {
  it("go out, on replay, with the delivery's own id and bot_id, and show so in the portal", async () => {
    // As emit-event.ts stored them before: the shared event id as the envelope id, no bot_id.
    const eventId = randomUUID();
    const old = { id: eventId, type: "ping", created_at: "2025-06-01T10:00:00.000Z", data: {} };
    const [row] = await sql().unchecked<{ id: string }>(
      `INSERT INTO webhook_deliveries (event_id, event_type, bot_id, workspace_id, payload, status, attempt_count, completed_at, created_at)
       VALUES ($1, 'ping', $2, $3, $4, 'failed', 1, now(), '2025-06-01T10:00:00Z') RETURNING id`,
      [eventId, helper().id, world.workspace.id, JSON.stringify(old)],
    );
    const detail = await getDelivery(ana(), row!.id);
    expect(detail.payload).toEqual({ id: row!.id, type: "ping", created_at: old.created_at, bot_id: helper().id, data: {} });
    expect(detail.event_id).toBe(eventId);

    await replayDelivery(ana(), row!.id);
    expect(await attemptDelivery(row!.id)).toMatchObject({ status: "succeeded", trigger: "replay" });
    const [request] = await receiver.waitFor(1);
    expect(request!.body).toBe(
      JSON.stringify({ id: row!.id, type: "ping", created_at: old.created_at, bot_id: helper().id, data: {} }),
    );
    expect(request!.headers["webhook-id"]).toBe(row!.id);
    expect(new StandardWebhook(helper().signing_secret).verify(request!.body, plain(request!.headers))).toMatchObject({
      id: row!.id,
    });
  });
});

describe("secrets issued before decision 024 (base64url tails) and rotation", () => {
  it("an old secret keeps its X-Service-Signature; rotating issues a standard-base64 secret the libraries accept", async () => {
    // An old-style secret with `-` and `_`, which the libraries cannot decode.
    const bytes = Buffer.from([0xfb, 0xff, 0xfe, ...Array.from({ length: 29 }, (_, i) => i * 7)]);
    const oldSecret = `whsec_${bytes.toString("base64url")}`;
    expect(oldSecret).toMatch(/[-_]/);
    await sql().unchecked(`UPDATE bot_signing_secrets SET secret_encrypted = $2 WHERE bot_id = $1`, [
      helper().id,
      seal(oldSecret),
    ]);

    await pingBot(ana(), helper().id);
    const [before] = await receiver.waitFor(1);
    const beforeHeaders = plain(before!.headers);
    // The spec's scheme as it always was: the secret as written is the key.
    expect(beforeHeaders["x-service-signature"]).toBe(
      specSignature(oldSecret, beforeHeaders["x-service-timestamp"]!, before!.body),
    );
    expect(() => verifiers(oldSecret)["spec recipe"](before!.body, beforeHeaders)).not.toThrow();
    expect(verifyWebhook(before!.body, beforeHeaders, oldSecret, { scheme: "x-service" }).type).toBe("ping");
    // webhook-signature is keyed by the secret's 32 bytes: the SDK verifies it with the old secret as is; the
    // libraries refuse the base64url form and accept it rewritten in standard base64.
    expect(verifyWebhook(before!.body, beforeHeaders, oldSecret, { scheme: "standard" }).type).toBe("ping");
    expect(() => new StandardWebhook(oldSecret)).toThrow(/incorrect characters/);
    const rewritten = `whsec_${bytes.toString("base64")}`;
    expect(() => new StandardWebhook(rewritten).verify(before!.body, beforeHeaders)).not.toThrow();
    expect(() => new SvixWebhook(rewritten).verify(before!.body, beforeHeaders)).not.toThrow();

    // Rotation with an overlap: a standard-base64 secret; both secrets sign, in both headers.
    const { signing_secret: next } = await rotateSigningSecret(ana(), { botId: helper().id, overlapMinutes: 60 });
    expect(next).toMatch(STANDARD_BASE64_SECRET);
    receiver.received.length = 0;
    await pingBot(ana(), helper().id);
    const [during] = await receiver.waitFor(1);
    const duringHeaders = plain(during!.headers);
    expect(duringHeaders["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(duringHeaders["x-service-signature"]!.split(",")).toHaveLength(2);
    for (const secret of [next, oldSecret]) {
      for (const [name, verify] of Object.entries(verifiers(secret))) {
        if (secret === oldSecret && (name === "standardwebhooks" || name === "svix")) continue; // refused above
        expect(() => verify(during!.body, duringHeaders), `${name} with ${secret === next ? "new" : "old"}`).not.toThrow();
      }
    }
    expect(() => new StandardWebhook(rewritten).verify(during!.body, duringHeaders)).not.toThrow();
    expect(() => new SvixWebhook(rewritten).verify(during!.body, duringHeaders)).not.toThrow();

    // Without overlap only the new secret signs.
    const { signing_secret: third } = await rotateSigningSecret(ana(), { botId: helper().id, overlapMinutes: 0 });
    receiver.received.length = 0;
    await pingBot(ana(), helper().id);
    const [after] = await receiver.waitFor(1);
    const afterHeaders = plain(after!.headers);
    expect(afterHeaders["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new StandardWebhook(third).verify(after!.body, afterHeaders)).not.toThrow();
    expect(() => new SvixWebhook(third).verify(after!.body, afterHeaders)).not.toThrow();
    expect(() => new StandardWebhook(next).verify(after!.body, afterHeaders)).toThrow();
  });
});
