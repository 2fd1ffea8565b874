import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld, type SeededWorld } from "@/lib/seed/seed-world";
import { recoverStalledDeliveries } from "@/lib/webhooks/recover-stalled-deliveries";
import { startReceiver, type Receiver } from "@/test/receiver";
import { startWorker } from "./worker";

// The real job worker: graphile-worker on this file's database, delivering to a local receiver. Then the fault the
// design is for: a worker process killed with SIGKILL in the middle of a delivery loses nothing.

let receiver: Receiver;
let world: SeededWorld;
const ana = () => person(world.people[0]!.id, "web");
const conversationId = () => world.conversations[1]!.id; // only @helper is authorized there

beforeAll(async () => {
  receiver = await startReceiver();
  world = await seedWorld({ webhookUrl: receiver.url });
  await db().webhookDelivery.deleteMany({}); // the seed's bot_added events: not this test's concern
});
afterAll(() => receiver.close());

async function until<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the job worker", () => {
  it("delivers a person's message to the bot within moments of the commit", async () => {
    const worker = await startWorker({ databaseUrl: process.env.DATABASE_URL!, concurrency: 4 });
    try {
      const { message } = await postPersonMessage(ana(), { conversationId: conversationId(), body: "Hello, worker" });
      const [request] = await receiver.waitFor(1);
      expect(JSON.parse(request!.body).data.message).toMatchObject({ id: message.id, body: "Hello, worker" });
      const delivery = await until(() => db().webhookDelivery.findFirst({ where: { status: "succeeded" } }));
      expect(delivery).toMatchObject({ attemptCount: 1, lastResponseStatus: 200 });
    } finally {
      await worker.stop();
    }
  });

  it("SIGKILL during a delivery loses nothing: after restart the event is delivered, with the same event id", async () => {
    receiver.received.length = 0;
    let child: ChildProcess | null = null;
    const killed = new Promise<void>((resolve) => {
      // The receiver hangs on the first request; the worker process is killed while it waits for the answer.
      receiver.respond = () => {
        child?.kill("SIGKILL");
        resolve();
      };
    });
    child = spawn(process.execPath, ["--import", "tsx", "jobs/main.ts"], {
      env: { ...process.env, WORKER_CONCURRENCY: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child!.on("exit", (_code, signal) => resolve(signal)));

    await postPersonMessage(ana(), { conversationId: conversationId(), body: "Do not lose me" });
    await killed;
    expect(await exited).toBe("SIGKILL");
    const stuck = await db().webhookDelivery.findFirstOrThrow({ where: { status: "pending" } });
    expect(stuck.attemptStartedAt).not.toBeNull(); // claimed by the dead worker, no result

    receiver.respond = (_req, res) => res.end("ok");
    // A worker starting later sweeps stalled deliveries; the clock is moved past the stall window.
    expect(await recoverStalledDeliveries({ now: new Date(Date.now() + 61_000) })).toEqual({ requeued: 1 });
    const worker = await startWorker({ databaseUrl: process.env.DATABASE_URL!, concurrency: 2 });
    try {
      await receiver.waitFor(2);
      const [lost, redelivered] = receiver.received;
      expect(JSON.parse(redelivered!.body).id).toBe(JSON.parse(lost!.body).id);
      expect(redelivered!.headers["x-service-delivery"]).toBe(stuck.id);
      const done = await until(() => db().webhookDelivery.findFirst({ where: { id: stuck.id, status: "succeeded" } }));
      expect(done.attemptCount).toBe(1); // the killed attempt left no record; the redelivery is attempt 1
    } finally {
      await worker.stop();
    }
  });
});
