import { fork } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { run } from "graphile-worker";
import { disconnectDb } from "@/lib/db/client";
import { makeJobPool } from "@/lib/db/job-pool";
import { jobLogger } from "@/lib/db/job-logger";
import { prepareDatabase } from "@/lib/db/setup";
import { sql, transaction } from "@/lib/db/sql";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld } from "@/lib/seed/seed-world";
import { emitToConversation } from "@/lib/webhooks/emit-event";
import { fmt, latencyStats, rssOf, startWorkerProcess as startWorker, steady, STEADY_MAX_INFLIGHT, stopProcess } from "../lib";

// bench/webhook-latency (issue 3). On a fresh embedded database, with the job worker as its own process (as
// `npm run worker` runs it) and a fast receiver as another:
//   1. floor: graphile-worker's own latency, commit of add_job() to the start of a no-op task, same settings;
//   2. latency: 2,000 person messages at a steady rate, from each message's commit to the receiver having it;
//   3. throughput: 5,000 deliveries queued while no worker runs, then one worker process drains them.
// Prints the figures; record them in bench/RESULTS.md.

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 100); // messages per second
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 5000);
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 32);
const DATA_DIR = path.join("bench", "out", "webhook-latency");
const now = () => performance.timeOrigin + performance.now();
const startWorkerProcess = (databaseUrl: string) => startWorker(databaseUrl, { DATA_DIR, WORKER_CONCURRENCY: String(CONCURRENCY) });

type Arrival = { id: string; type: string; message_id: string | null; at: number };

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  process.env.DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = "";
  const ready = await prepareDatabase();

  const receiver = fork(path.join("bench", "webhook-latency", "receiver.ts"), { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  process.on("exit", () => receiver.kill());
  const arrivals: Arrival[] = [];
  const url = await new Promise<string>((resolve) =>
    receiver.on("message", (m: { url?: string; received?: Arrival[] }) => {
      if (m.url) resolve(m.url);
      if (m.received) arrivals.push(...m.received);
    }),
  );
  const world = await seedWorld({ webhookUrl: url });
  await sql().unchecked(`DELETE FROM graphile_worker._private_jobs`);
  await sql().unchecked(`DELETE FROM webhook_deliveries`);
  const ana = person(world.people[0]!.id, "cli");
  const conversationId = world.conversations[1]!.id; // one bot there: one delivery per message
  const waitForArrivals = async (count: number, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (arrivals.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    if (arrivals.length < count) throw new Error(`only ${arrivals.length} of ${count} deliveries arrived`);
  };

  // 1. Floor: graphile-worker alone, a no-op task, same pool and concurrency, the same steady rate.
  const enqueued = new Map<number, number>();
  const startedAt = new Map<number, number>();
  const floorPool = makeJobPool(ready.url, Math.max(10, CONCURRENCY + 2));
  const floorRunner = await run({
    pgPool: floorPool,
    concurrency: CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: jobLogger,
    taskList: { bench_probe: async (payload) => void startedAt.set((payload as { n: number }).n, now()) },
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  let fellBehind = 0;
  fellBehind += await steady(MESSAGES, RATE, async (n) => {
    await sql().unchecked(`SELECT graphile_worker.add_job('bench_probe', json_build_object('n', $1::int))`, [n]);
    enqueued.set(n, now());
  });
  while (startedAt.size < MESSAGES) await new Promise((resolve) => setTimeout(resolve, 20));
  await floorRunner.stop();
  await floorPool.end();
  const floor = latencyStats([...enqueued].map(([n, t]) => startedAt.get(n)! - t));

  // 2. Latency: person messages at a steady rate, commit -> the receiver has the delivery.
  let worker = await startWorkerProcess(ready.url);
  let peakWorkerRss = 0;
  const sampler = setInterval(() => (peakWorkerRss = Math.max(peakWorkerRss, rssOf((cmd) => cmd.includes("jobs/main.ts")))), 200);
  const committed = new Map<string, number>();
  fellBehind += await steady(MESSAGES, RATE, async () => {
    const { message } = await postPersonMessage(ana, {
      conversationId,
      body: "How long does this take to reach the bot?",
    });
    committed.set(message.id, now());
  });
  await waitForArrivals(MESSAGES);
  const latency = latencyStats(arrivals.filter((a) => a.message_id && committed.has(a.message_id)).map((a) => a.at - committed.get(a.message_id!)!));

  // 3. Throughput: a backlog queued with no worker running, then one worker process drains it.
  await stopProcess(worker);
  arrivals.length = 0;
  const data = { conversation_id: conversationId, message: { id: "00000000-0000-4000-8000-000000000000", seq: 0, body: "backlog", sender: { type: "human", handle: "ana" } } };
  for (let queued = 0; queued < BACKLOG; queued += 500) {
    await transaction(async (tx) => {
      for (let i = 0; i < Math.min(500, BACKLOG - queued); i++) {
        await emitToConversation(tx, { type: "message.created", workspaceId: world.workspace.id, conversationId, data });
      }
    });
  }
  const drainStarted = now();
  worker = await startWorkerProcess(ready.url);
  await waitForArrivals(BACKLOG);
  const drainSeconds = (arrivals.at(-1)!.at - drainStarted) / 1000;
  const steadySeconds = (arrivals.at(-1)!.at - arrivals[0]!.at) / 1000;
  const [{ count: succeeded }] = (await sql().unchecked<{ count: string }>(`SELECT count(*) FROM webhook_deliveries WHERE status = 'succeeded'`)) as [{ count: string }];
  clearInterval(sampler);
  await stopProcess(worker);
  receiver.kill();

  console.log(`\nbench/webhook-latency — ${MESSAGES} messages at ${RATE}/s, worker concurrency ${CONCURRENCY}, ${new Date().toISOString()}\n`);
  console.log("| measure | n | p50 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|");
  console.log(`| floor: graphile-worker add_job commit -> task start | ${floor.n} | ${fmt(floor.p50)} | ${fmt(floor.p99)} | ${fmt(floor.max)} |`);
  console.log(`| person message commit -> receiver has the webhook | ${latency.n} | ${fmt(latency.p50)} | ${fmt(latency.p99)} | ${fmt(latency.max)} |`);
  console.log(`\nthroughput: ${BACKLOG} queued deliveries drained by one worker process in ${drainSeconds.toFixed(2)} s including its start-up`);
  console.log(`  = ${(BACKLOG / drainSeconds).toFixed(0)} deliveries/s; first to last arrival ${steadySeconds.toFixed(2)} s = ${(BACKLOG / steadySeconds).toFixed(0)} deliveries/s (target >= 500)`);
  console.log(`deliveries succeeded in the database: ${succeeded} of ${MESSAGES + BACKLOG}`);
  if (fellBehind) console.log(`note: the load generator fell behind the rate ${fellBehind} times (at most ${STEADY_MAX_INFLIGHT} in flight)`);
  console.log(`targets: p50 < 25 ms (${latency.p50 < 25 ? "met" : "NOT met"}), p99 < 100 ms (${latency.p99 < 100 ? "met" : "NOT met"})`);
  console.log(`peak RSS of the worker process: ${Math.round(peakWorkerRss / 1024)} MB`);
  await disconnectDb();
  await ready.embedded?.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
