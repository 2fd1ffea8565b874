import { fork } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import * as meRoute from "@/app/api/public/v1/me/route";
import * as streamRoute from "@/app/api/public/v1/events/stream/route";
import { disconnectDb } from "@/lib/db/client";
import { closeListener } from "@/lib/db/listener";
import { prepareDatabase } from "@/lib/db/setup";
import { sql } from "@/lib/db/sql";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld } from "@/lib/seed/seed-world";
import { serveRoutes } from "@/test/route-http";
import { fmt, latencyStats, steady, STEADY_MAX_INFLIGHT } from "../lib";

// bench/listen (issue 35): the latency `relay listen` adds. On a fresh embedded database, the bot API's stream route
// served over real HTTP in this process (as the app serves it), and the developer's laptop as another process
// (laptop.ts: the SDK's listen() and a local receiver that answers 200 at once). Person messages at a steady rate in a
// conversation of one bot, which has no webhook URL: each message's commit -> the local receiver has the forwarded,
// signed delivery. The road: the delivery trigger's NOTIFY at commit, this process's LISTEN connection, a read of the
// delivery and its signing, the SSE frame, the laptop's parse and its POST. Prints the figures; record them in
// bench/RESULTS.md.

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 50); // messages per second
const WARMUP = 50;
const DATA_DIR = path.join("bench", "out", "listen");
const now = () => performance.timeOrigin + performance.now();

type Arrival = { id: string; message_id: string | null; at: number };

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  process.env.DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = "";
  const ready = await prepareDatabase();
  const world = await seedWorld({}); // no webhook URL: the bot hears its events only through relay listen
  const helper = world.bots[0]!;
  const ana = person(world.people[0]!.id, "cli");
  const conversationId = world.conversations[1]!.id; // helper is the one bot there: one delivery per message
  const routes = await serveRoutes([
    [/^\/api\/public\/v1\/events\/stream$/, streamRoute, () => ({})],
    [/^\/api\/public\/v1\/me$/, meRoute, () => ({})],
  ]);

  const laptop = fork(path.join("bench", "listen", "laptop.ts"), {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  process.on("exit", () => laptop.kill());
  const arrivals: Arrival[] = [];
  let listening = () => {};
  let streaming = () => {};
  const receiverUp = new Promise<void>((resolve) => (listening = resolve));
  const streamUp = new Promise<void>((resolve) => (streaming = resolve));
  laptop.on("message", (m: { listening?: true; ready?: true; received?: Arrival[] }) => {
    if (m.listening) listening();
    if (m.ready) streaming();
    if (m.received) arrivals.push(...m.received);
  });
  await receiverUp;
  laptop.send({ start: { baseUrl: routes.origin, apiKey: helper.api_key } });
  await streamUp;

  const committed = new Map<string, number>();
  const post = async () => {
    const { message } = await postPersonMessage(ana, { conversationId, body: "How long does this take to reach my laptop?" });
    committed.set(message.id, now());
  };
  const waitFor = async (count: number, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (arrivals.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    if (arrivals.length < count) throw new Error(`only ${arrivals.length} of ${count} deliveries arrived`);
  };
  await steady(WARMUP, RATE, post); // warms the statements and connections; not counted
  await waitFor(WARMUP);
  arrivals.length = 0;
  committed.clear();

  const fellBehind = await steady(MESSAGES, RATE, post);
  await waitFor(MESSAGES);
  const latency = latencyStats(arrivals.filter((a) => a.message_id && committed.has(a.message_id)).map((a) => a.at - committed.get(a.message_id!)!));
  const ids = new Set(arrivals.map((a) => a.id));
  const [{ count: notified }] = (await sql().unchecked<{ count: string }>(
    `SELECT count(*) FROM webhook_deliveries WHERE bot_id = $1`,
    [helper.id],
  )) as [{ count: string }];

  console.log(`\nbench/listen — ${MESSAGES} messages at ${RATE}/s, one bot listening, ${new Date().toISOString()}\n`);
  console.log("| measure | n | p50 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|");
  console.log(`| person message commit -> the laptop's local receiver has it (relay listen) | ${latency.n} | ${fmt(latency.p50)} | ${fmt(latency.p99)} | ${fmt(latency.max)} |`);
  console.log(`\nforwarded once each: ${ids.size} distinct of ${arrivals.length} received; ${notified} deliveries in the database (warm-up included)`);
  if (fellBehind) console.log(`note: the load generator fell behind the rate ${fellBehind} times (at most ${STEADY_MAX_INFLIGHT} in flight)`);
  laptop.kill();
  await routes.close();
  await closeListener();
  await disconnectDb();
  await ready.embedded?.stop();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
