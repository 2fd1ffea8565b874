import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sql, transaction } from "@/lib/db/sql";
import { authenticateBot } from "@/lib/bots/authenticate-bot";
import { sendMessage } from "@/lib/messages/send-message";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { startReceiver, type Receiver, type Received } from "@/test/receiver";
import { verifyWebhook } from "@/sdk/index";
import { attemptDelivery, RETRY_DELAYS_SECONDS } from "./attempt-delivery";
import { emitToConversation } from "./emit-event";
import { pingBot } from "./ping-bot";
import { replayDelivery, replayFailedDeliveries } from "./replay-delivery";
import { rotateSigningSecret } from "./rotate-signing-secret";
import { getDelivery } from "./get-delivery";

// Delivery against a real local receiver: signing, the envelope, the retry schedule on a clock the test controls,
// failures of every kind, replay, ping and secret rotation. The worker is not running here: the test calls
// attemptDelivery itself, as the job would (jobs/worker.int.test.ts runs the real worker).

let receiver: Receiver;
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const helper = () => world.bots[0]!;
const onlyHelper = () => world.conversations[1]!.id; // helper is the one bot authorized there

/** The plain HMAC a receiver computes, without the SDK. */
function hmac(secret: string, request: Received) {
  const timestamp = String(request.headers["x-service-timestamp"]);
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex")}`;
}

async function newDeliveries(since: Date) {
  return db().webhookDelivery.findMany({ where: { createdAt: { gte: since } }, orderBy: { createdAt: "asc" } });
}

async function postAndGetDelivery(body: string) {
  const since = new Date();
  await postPersonMessage(ana(), { conversationId: onlyHelper(), body });
  const deliveries = (await newDeliveries(since)).filter((d) => d.eventType === "message.created");
  expect(deliveries).toHaveLength(1);
  return deliveries[0]!;
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

describe("a person's message is delivered, signed, to the bots of the conversation", () => {
  it("commits the delivery and its job with the message; the attempt is signed and recorded", async () => {
    const delivery = await postAndGetDelivery("Where is my order?");
    expect(delivery).toMatchObject({ botId: helper().id, status: "pending", attemptCount: 0 });
    const [job] = await sql().unchecked<{ task_identifier: string; payload: { delivery_id: string } }>(
      `SELECT t.identifier AS task_identifier, j.payload FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.key = $1`,
      [`webhook:${delivery.id}`],
    );
    expect(job).toEqual({ task_identifier: "deliver_webhook", payload: { delivery_id: delivery.id } });

    const outcome = await attemptDelivery(delivery.id);
    expect(outcome).toMatchObject({ status: "succeeded", response_status: 200, trigger: "delivery", attempt: 1 });
    const [request] = await receiver.waitFor(1);
    expect(request!.headers["x-service-event"]).toBe("message.created");
    expect(request!.headers["x-service-delivery"]).toBe(delivery.id);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(Math.abs(Number(request!.headers["x-service-timestamp"]) - Date.now() / 1000)).toBeLessThan(5);
    expect(request!.headers["x-service-signature"]).toBe(hmac(helper().signing_secret, request!));
    expect(verifyWebhook(request!.body, request!.headers, helper().signing_secret)).toMatchObject({ id: delivery.id, type: "message.created" });
    expect(() => verifyWebhook(request!.body, request!.headers, "whsec_not_the_secret")).toThrow(expect.objectContaining({ reason: "invalid_signature" }));

    const envelope = JSON.parse(request!.body);
    expect(Object.keys(envelope)).toEqual(["id", "type", "created_at", "bot_id", "data"]);
    expect(envelope).toMatchObject({
      id: delivery.id, // this bot's delivery of the event (decision 024); the shared event id stays on the row
      type: "message.created",
      bot_id: helper().id,
      data: {
        conversation_id: onlyHelper(),
        message: { body: "Where is my order?", seq: expect.any(Number), sender: { type: "human", handle: world.people[0]!.handle }, mentioned: false },
      },
    });

    const detail = await getDelivery(ana(), delivery.id);
    expect(detail).toMatchObject({ status: "succeeded", attempt_count: 1, last_response_status: 200, completed_at: expect.any(String) });
    expect(detail.attempts).toHaveLength(1);
    expect(detail.attempts[0]).toMatchObject({ number: 1, trigger: "delivery", url: receiver.url, response_status: 200, response_body: "ok", error: null, request_body: request!.body });
    expect(detail.attempts[0]!.request_headers["X-Service-Signature"]).toBe(request!.headers["x-service-signature"]);
    expect(detail.signature_check).toMatchObject({ valid: true, expected_signature: request!.headers["x-service-signature"], signed_string: `${request!.headers["x-service-timestamp"]}.${request!.body}` });
    // A finished delivery is not attempted twice (a late duplicate job does nothing).
    expect(await attemptDelivery(delivery.id)).toBeNull();
  });

  it("tells each bot whether it was @-mentioned", async () => {
    const since = new Date();
    const [, scheduler] = world.bots;
    await postPersonMessage(ana(), {
      conversationId: world.conversations[0]!.id,
      body: `@${scheduler!.handle} can you book it?`,
    });
    const deliveries = await newDeliveries(since);
    const mentioned = Object.fromEntries(deliveries.map((d) => [d.botId, (d.payload as { data: { message: { mentioned: boolean } } }).data.message.mentioned]));
    expect(mentioned).toEqual({ [helper().id]: false, [scheduler!.id]: true });
  });

  it("a bot's own messages trigger no bot", async () => {
    const since = new Date();
    const principal = (await authenticateBot(helper().api_key))!;
    const sent = await sendMessage(principal, {
      conversationId: world.conversations[0]!.id,
      input: { body: "Your order ships today.", blocks: undefined },
    });
    expect(sent.status).toBe("sent");
    expect(await newDeliveries(since)).toEqual([]);
  });

  it("an event written in a transaction that rolls back leaves no delivery and no job", async () => {
    const since = new Date();
    await expect(
      transaction(async (tx) => {
        await emitToConversation(tx, { type: "message.created", workspaceId: world.workspace.id, conversationId: onlyHelper(), data: { conversation_id: onlyHelper(), message: {} } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await newDeliveries(since)).toEqual([]);
    const [{ count }] = (await sql().unchecked<{ count: string }>(`SELECT count(*) FROM graphile_worker.jobs WHERE created_at >= $1`, [since])) as [{ count: string }];
    expect(Number(count)).toBe(0);
  });
});

// The contract's schedule: docs/api-contract.md#delivery-and-retries.
describe("failures are retried on the contract's schedule, then the delivery fails", () => {
  it("500s: retried 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h later, each with a job at that time; then failed", async () => {
    receiver.respond = (_req, res) => {
      res.statusCode = 500;
      res.end("database down");
    };
    const delivery = await postAndGetDelivery("retry me");
    let now = new Date("2030-01-01T00:00:00Z");
    for (const [index, delay] of RETRY_DELAYS_SECONDS.entries()) {
      const outcome = (await attemptDelivery(delivery.id, { now }))!;
      expect(outcome).toMatchObject({ status: "pending", response_status: 500, error: "HTTP 500", attempt: index + 1, trigger: index === 0 ? "delivery" : "retry" });
      const next = new Date(outcome.next_attempt_at!);
      expect(next.getTime() - now.getTime() - outcome.duration_ms).toBe(delay * 1000);
      const [job] = await sql().unchecked<{ run_at: Date }>(`SELECT run_at FROM graphile_worker.jobs WHERE key = $1`, [`webhook:${delivery.id}`]);
      expect(job!.run_at.getTime()).toBe(next.getTime());
      now = next;
    }
    const last = (await attemptDelivery(delivery.id, { now }))!;
    expect(last).toMatchObject({ status: "failed", attempt: 8, next_attempt_at: null });
    expect(receiver.received).toHaveLength(8);
    const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "failed", attemptCount: 8, lastResponseStatus: 500, lastError: "HTTP 500", nextAttemptAt: null });
    const attempts = await db().webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempts.map((a) => a.responseBody)).toEqual(Array(8).fill("database down"));
  });

  it("a timeout, a closed connection and a redirect are failures with a reason, and are retried", async () => {
    const cases: [string, Receiver["respond"], RegExp][] = [
      ["timeout", () => {}, /^timed out after 0.3 s$/],
      ["closed", (_req, res) => res.socket?.destroy(), /socket hang up|ECONNRESET/],
      ["redirect", (_req, res) => { res.writeHead(302, { Location: "https://elsewhere.example/hook" }); res.end(); }, /^redirect not followed \(to https:\/\/elsewhere.example\/hook\)$/],
    ];
    for (const [, respond, error] of cases) {
      receiver.respond = respond;
      const delivery = await postAndGetDelivery("will this arrive?");
      const outcome = (await attemptDelivery(delivery.id, { timeoutMs: 300 }))!;
      expect(outcome.status).toBe("pending");
      expect(outcome.error).toMatch(error);
      expect(outcome.next_attempt_at).not.toBeNull();
    }
    expect(receiver.received).toHaveLength(3); // the redirect was not followed
  });

  it("keeps only the first 4 KiB of a response body", async () => {
    receiver.respond = (_req, res) => res.end("x".repeat(20_000));
    const delivery = await postAndGetDelivery("big answer");
    await attemptDelivery(delivery.id);
    const [attempt] = await db().webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
    expect(attempt!.responseBody).toHaveLength(4096);
  });
});

// Issue 31: a URL stored before the save-time check, or a name whose DNS points at a refused address, was retried for
// 27 hours. The rule's refusal will not change by waiting: the delivery fails at once, saying why; a replay tries
// once more (the developer may have fixed the URL or the DNS since).
describe("a delivery the address rule refuses fails at once, with the reason, and is not retried", () => {
  const jobOf = async (id: string) =>
    sql().unchecked<{ run_at: Date }>(`SELECT run_at FROM graphile_worker.jobs WHERE key = $1`, [`webhook:${id}`]);
  /** As the worker would: the job that runs this attempt is taken off the queue first. */
  const attemptAsTheWorker = async (id: string) => {
    await sql().unchecked(`SELECT graphile_worker.remove_job($1)`, [`webhook:${id}`]);
    return (await attemptDelivery(id))!;
  };
  const pointHelperAt = (webhookUrl: string) => db().bot.update({ where: { id: helper().id }, data: { webhookUrl } });

  it("an IP literal in a refused range (stored before it was checked): failed after one attempt, no job left", async () => {
    await pointHelperAt("https://169.254.169.254/latest/meta-data");
    try {
      const delivery = await postAndGetDelivery("to the metadata service?");
      const reason = "refused: 169.254.169.254 is a link-local (cloud metadata) address (169.254.0.0/16, RFC 3927)";
      expect(await attemptAsTheWorker(delivery.id)).toMatchObject({ status: "failed", attempt: 1, error: reason, next_attempt_at: null });
      expect(await jobOf(delivery.id)).toEqual([]);
      expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
        status: "failed",
        attemptCount: 1,
        lastError: reason,
        nextAttemptAt: null,
        completedAt: expect.any(Date),
      });
      // What the portal's delivery page and `deliveries show` read: the reason on the attempt and the delivery.
      const detail = await getDelivery(ana(), delivery.id);
      expect(detail).toMatchObject({ status: "failed", last_error: reason, next_attempt_at: null, refused: true });
      expect(detail.attempts).toEqual([expect.objectContaining({ number: 1, trigger: "delivery", error: reason, response_status: null })]);
      expect(await attemptDelivery(delivery.id)).toBeNull(); // finished: a late job does nothing

      // A replay tries once more and fails the same way while the URL is still refused; no retry is scheduled.
      await replayDelivery(ana(), delivery.id);
      expect(await attemptAsTheWorker(delivery.id)).toMatchObject({ status: "failed", attempt: 2, trigger: "replay", error: reason, next_attempt_at: null });
      expect(await jobOf(delivery.id)).toEqual([]);

      // Fixed: the next replay is delivered.
      await pointHelperAt(receiver.url);
      await replayDelivery(ana(), delivery.id);
      expect(await attemptAsTheWorker(delivery.id)).toMatchObject({ status: "succeeded", attempt: 3, trigger: "replay" });
      expect(receiver.received).toHaveLength(1);
      expect(await getDelivery(ana(), delivery.id)).toMatchObject({ status: "succeeded", refused: false });
    } finally {
      await pointHelperAt(receiver.url);
    }
  });

  it("a name that resolves to a refused address (DNS can point anywhere): failed at once, naming the address", async () => {
    // localhost is a name whose addresses are loopback: refused where the deployment does not allow loopback.
    await sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = false");
    await pointHelperAt(`https://localhost:${new URL(receiver.url).port}/hook`);
    try {
      const delivery = await postAndGetDelivery("via a name");
      const outcome = await attemptAsTheWorker(delivery.id);
      expect(outcome).toMatchObject({ status: "failed", next_attempt_at: null });
      expect(outcome.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), (a|the) loopback address \(/);
      expect(await jobOf(delivery.id)).toEqual([]);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await sql().unchecked("UPDATE deployment_settings SET allow_loopback_webhooks = true");
      await pointHelperAt(receiver.url);
    }
  });

  it("other failures are still retried: a name that does not resolve is DNS, which may come back", async () => {
    await pointHelperAt("https://no-such-host.invalid/hook");
    try {
      const delivery = await postAndGetDelivery("nowhere yet");
      const outcome = await attemptAsTheWorker(delivery.id);
      expect(outcome).toMatchObject({ status: "pending", error: expect.stringMatching(/^(ENOTFOUND|EAI_AGAIN)/) });
      const [job] = await jobOf(delivery.id);
      expect(job!.run_at.getTime()).toBe(new Date(outcome.next_attempt_at!).getTime());
    } finally {
      await pointHelperAt(receiver.url);
    }
  });
});

describe("replay, ping and rotation", () => {
  it("a replay keeps the event and delivery ids and signs afresh; bulk replay takes the failed ones of a range", async () => {
    const delivery = await postAndGetDelivery("replay this");
    await attemptDelivery(delivery.id, { now: new Date(Date.now() - 120_000) });
    const summary = await replayDelivery(ana(), delivery.id);
    expect(summary).toMatchObject({ id: delivery.id, status: "pending" });
    const outcome = (await attemptDelivery(delivery.id))!;
    expect(outcome).toMatchObject({ status: "succeeded", trigger: "replay", attempt: 2 });
    const [first, second] = receiver.received;
    expect(JSON.parse(second!.body).id).toBe(JSON.parse(first!.body).id);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers["x-service-delivery"]).toBe(first!.headers["x-service-delivery"]);
    expect(Number(second!.headers["x-service-timestamp"])).toBeGreaterThan(Number(first!.headers["x-service-timestamp"]));
    expect(second!.headers["x-service-signature"]).toBe(hmac(helper().signing_secret, second!));
    expect(verifyWebhook(second!.body, second!.headers, helper().signing_secret).id).toBe(delivery.id);
    expect(second!.headers["x-service-signature"]).not.toBe(first!.headers["x-service-signature"]);

    // Bulk: one failed delivery in the range is replayed; a succeeded one and one outside the range are not.
    receiver.respond = (_req, res) => { res.statusCode = 503; res.end(); };
    const failed = await postAndGetDelivery("fails for good");
    await db().webhookDelivery.update({ where: { id: failed.id }, data: { status: "failed" } });
    const result = await replayFailedDeliveries(ana(), {
      botId: helper().id,
      from: new Date(failed.createdAt.getTime() - 1),
      to: new Date(),
    });
    expect(result).toEqual({ replayed: 1, delivery_ids: [failed.id] });
    expect(
      await replayFailedDeliveries(ana(), {
        botId: helper().id,
        from: new Date(Date.now() + 60_000),
        to: new Date(Date.now() + 120_000),
      }),
    ).toEqual({ replayed: 0, delivery_ids: [] });
    await expect(
      replayFailedDeliveries(ana(), { botId: helper().id, from: new Date(), to: new Date(Date.now() - 1000) }),
    ).rejects.toMatchObject({ code: "invalid_body" });
    await expect(replayDelivery(person(world.people[1]!.id, "web"), delivery.id)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("a ping answers at once and is not retried", async () => {
    const ok = await pingBot(ana(), helper().id);
    expect(ok).toMatchObject({ status: "succeeded", response_status: 200, error: null });
    const [request] = receiver.received;
    expect(request!.headers["x-service-event"]).toBe("ping");
    expect(JSON.parse(request!.body)).toEqual({ id: ok.delivery_id, type: "ping", created_at: expect.any(String), bot_id: helper().id, data: {} });

    receiver.respond = (_req, res) => { res.statusCode = 404; res.end("no such hook"); };
    const failed = await pingBot(ana(), helper().id);
    expect(failed).toMatchObject({ status: "failed", response_status: 404, error: "HTTP 404" });
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: failed.delivery_id } })).toMatchObject({ status: "failed", nextAttemptAt: null });
    const jobs = await sql().unchecked(`SELECT 1 FROM graphile_worker.jobs WHERE key = $1`, [`webhook:${failed.delivery_id}`]);
    expect(jobs).toEqual([]);
  });

  it("during a rotation's overlap both secrets sign; without overlap only the new one", async () => {
    const { signing_secret: second } = await rotateSigningSecret(ana(), { botId: helper().id, overlapMinutes: 60 });
    await pingBot(ana(), helper().id);
    const [during] = receiver.received;
    expect(during!.headers["x-service-signature"]).toBe(`${hmac(second, during!)},${hmac(helper().signing_secret, during!)}`);
    expect(verifyWebhook(during!.body, during!.headers, helper().signing_secret).type).toBe("ping");
    expect(verifyWebhook(during!.body, during!.headers, second).type).toBe("ping");

    const { signing_secret: third } = await rotateSigningSecret(ana(), { botId: helper().id, overlapMinutes: 0 });
    await pingBot(ana(), helper().id);
    const after = receiver.received[1]!;
    expect(after.headers["x-service-signature"]).toBe(hmac(third, after));
    await expect(rotateSigningSecret(ana(), { botId: helper().id, overlapMinutes: -5 })).rejects.toMatchObject({
      code: "invalid_body",
    });
  });
});
