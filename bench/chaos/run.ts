import { fork, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createConversation } from "@/lib/conversations/create-conversation";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/setup";
import { sql } from "@/lib/db/sql";
import { postPersonMessage } from "@/lib/messages/post-person-message";
import { person } from "@/lib/people/actor";
import { seedWorld } from "@/lib/seed/seed-world";
import { fmt, percentile, rssOfPid, pssOfTree, seededRandom, startWorkerProcess, steady, stopProcess } from "../lib";

// bench/chaos (issue 16): webhook delivery under faults. On a fresh embedded database, a person posts CHAOS_DELIVERIES
// (default 10,000) messages at CHAOS_RATE per second in a conversation whose one bot has a webhook: one delivery
// each. Three worker processes (`npm run worker`'s entry) deliver them to a receiver that answers in 50-400 ms and
// fails the first attempt of 30 % of the deliveries (500; retried 5 s later by the schedule). Meanwhile each of the three workers is killed with
// SIGKILL once, at a random moment of the posting (CHAOS_SEED replays the moments), and started again at once, as a
// supervisor would. Prints deliveries lost (must be 0), delivered more than once, the time until all succeeded, how
// long the killed workers' deliveries took to come back, and each process's peak RSS.

const TOTAL = Number(process.env.CHAOS_DELIVERIES ?? 10_000);
const RATE = Number(process.env.CHAOS_RATE ?? 200);
const WORKERS = 3;
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 32);
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 1_000_000));
const TIMEOUT_SECONDS = Number(process.env.CHAOS_TIMEOUT_SECONDS ?? 600);
const DATA_DIR = path.join("bench", "out", "chaos");

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Slot {
  name: string;
  child: ChildProcess;
}

interface Kill {
  slot: string;
  at: number;
  /** Deliveries whose job the killed process held: locked before the kill and still locked, by the same lock, after. */
  orphaned: string[];
  restartedAfterMs: number;
}

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  process.env.DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = "";
  const ready = await prepareDatabase();
  const workerEnv = { DATA_DIR, WORKER_CONCURRENCY: String(CONCURRENCY) };

  const receiver = fork(path.join("bench", "chaos", "receiver.ts"), {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  process.on("exit", () => receiver.kill());
  const received: { delivery: string; status: number; at: number }[] = [];
  let flushed: (() => void) | null = null;
  const url = await new Promise<string>((resolve) =>
    receiver.on("message", (m: { url?: string; received?: typeof received; flushed?: boolean }) => {
      if (m.url) resolve(m.url);
      if (m.received) received.push(...m.received);
      if (m.flushed) flushed?.();
    }),
  );

  const world = await seedWorld({ webhookUrl: url });
  const ana = person(world.people[0]!.id, "cli");
  const helper = world.bots[0]!;
  // A conversation without a contact: its messages need no embedding, so the workers' CPU goes to deliveries.
  const conversation = await createConversation(ana, {
    workspaceId: world.workspace.id,
    title: "Chaos",
    botIds: [helper.id],
  });
  await sql().unchecked(`DELETE FROM graphile_worker._private_jobs`);
  await sql().unchecked(`DELETE FROM webhook_deliveries`);

  // Peak resident memory per process: every worker incarnation, the receiver, this driver, PostgreSQL (all of it).
  const peaks = new Map<string, number>();
  const postmaster = Number(readFileSync(path.join(DATA_DIR, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  const sample = (label: string, kb: number) => peaks.set(label, Math.max(peaks.get(label) ?? 0, kb));
  const slots: Slot[] = [];
  const pids = new Map<number, string>();
  const sampler = setInterval(() => {
    for (const [pid, label] of pids) sample(label, rssOfPid(pid));
    sample("receiver", rssOfPid(receiver.pid!));
    sample("driver (this process)", Math.round(process.memoryUsage().rss / 1024));
    sample("PostgreSQL (PSS of all its processes)", pssOfTree(postmaster));
  }, 250);
  sampler.unref();

  let incarnation = 0;
  const start = async (name: string) => {
    const child = await startWorkerProcess(ready.url, workerEnv);
    pids.set(child.pid!, `${name} #${++incarnation} (pid ${child.pid})`);
    return child;
  };
  for (let i = 1; i <= WORKERS; i++) slots.push({ name: `worker ${i}`, child: await start(`worker ${i}`) });

  // The kill moments: one per worker, at a random message of the middle 70 % of the posting (so they fall within the
  // run whatever speed this machine posts at).
  const rand = seededRandom(SEED);
  const killAt = new Map(slots.map((slot) => [Math.floor((0.15 + 0.7 * rand()) * TOTAL), slot]));
  const kills: Kill[] = [];

  const killAndRestart = async (slot: Slot) => {
    const locked = async () =>
      new Map(
        (
          await sql().unchecked<{ id: string; locked_by: string; locked_at: Date; delivery: string }>(
            `SELECT id::text, locked_by, locked_at, payload->>'delivery_id' AS delivery FROM graphile_worker._private_jobs
              WHERE locked_at IS NOT NULL AND payload->>'delivery_id' IS NOT NULL`,
          )
        ).map((job) => [`${job.id}|${job.locked_by}|${job.locked_at.getTime()}`, job.delivery]),
      );
    const before = await locked();
    const exited = new Promise((resolve) => slot.child.once("exit", resolve));
    const at = now();
    slot.child.kill("SIGKILL");
    await exited;
    pids.delete(slot.child.pid!);
    slot.child = await start(slot.name);
    const restartedAfterMs = now() - at;
    // A live worker finishes an attempt within 0.4 s here (the receiver's slowest answer): a job locked before the
    // kill and still held by the same lock three seconds later is the dead process's.
    await sleep(3000);
    const after = await locked();
    const orphaned = [...before].filter(([key]) => after.has(key)).map(([, delivery]) => delivery);
    kills.push({ slot: slot.name, at, orphaned, restartedAfterMs });
  };

  console.log(
    `\nbench/chaos — ${TOTAL} deliveries (${RATE} messages/s), ${WORKERS} workers x concurrency ${CONCURRENCY}, seed ${SEED} (CHAOS_SEED replays the kill moments)`,
  );
  const postingStarted = now();
  const killing: Promise<void>[] = [];
  const fellBehind = await steady(TOTAL, RATE, async (i) => {
    const slot = killAt.get(i);
    if (slot) killing.push(killAndRestart(slot));
    await postPersonMessage(ana, { conversationId: conversation.id, body: `Chaos message ${i}` });
  });
  const postingEnded = now();
  await Promise.all(killing);

  // Wait until every delivery succeeded (or one failed for good, or the time is up).
  const deadline = Date.now() + TIMEOUT_SECONDS * 1000;
  let counts = { total: 0, succeeded: 0, failed: 0 };
  for (;;) {
    const [row] = await sql().unchecked<{ total: number; succeeded: number; failed: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
              count(*) FILTER (WHERE status = 'failed')::int AS failed FROM webhook_deliveries`,
    );
    counts = row!;
    if ((counts.total >= TOTAL && counts.succeeded === counts.total) || counts.failed > 0 || Date.now() > deadline)
      break;
    await sleep(500);
  }
  await new Promise<void>((resolve) => {
    flushed = resolve;
    receiver.send({ flush: true });
  });
  clearInterval(sampler);

  const rows = await sql().unchecked<{ id: string; status: string; attempts: number; completed_at: Date | null }>(
    `SELECT id::text, status::text, attempt_count AS attempts, completed_at FROM webhook_deliveries`,
  );
  const ok = new Map<string, number[]>();
  const failedFirst = new Set<string>();
  for (const r of received) {
    if (r.status === 200) ok.set(r.delivery, [...(ok.get(r.delivery) ?? []), r.at]);
    else failedFirst.add(r.delivery);
  }
  const lost = rows.filter((row) => !ok.has(row.id));
  const notSucceeded = rows.filter((row) => row.status !== "succeeded");
  const twice = [...ok.values()].filter((times) => times.length > 1);
  const lastSuccess = Math.max(...rows.map((row) => row.completed_at?.getTime() ?? 0));
  const allSucceeded = notSucceeded.length === 0 && rows.length === TOTAL;

  console.log(
    `deliveries: ${rows.length} made (of ${TOTAL} messages); ${received.length} requests reached the receiver; first attempts failed on purpose: ${failedFirst.size} (${fmt((100 * failedFirst.size) / Math.max(1, rows.length))} %)`,
  );
  console.log(
    `deliveries lost: ${lost.length} (no 2xx at the receiver); not succeeded in the database: ${notSucceeded.length}`,
  );
  console.log(
    `delivered more than once: ${twice.length} (${fmt((100 * twice.length) / Math.max(1, rows.length), 2)} %)`,
  );
  console.log(
    allSucceeded
      ? `time until all succeeded: ${fmt((lastSuccess - postingStarted) / 1000)} s from the first message (posting took ${fmt((postingEnded - postingStarted) / 1000)} s; ${fmt((lastSuccess - postingEnded) / 1000)} s after the last message)`
      : `NOT all succeeded within ${TIMEOUT_SECONDS} s: ${counts.succeeded} of ${counts.total} (${counts.failed} failed)`,
  );
  for (const kill of kills) {
    // Per delivery the dead process held: its first 2xx after the kill (a 2xx before it means the POST was answered
    // and recorded, and only graphile's job row stays locked: harmless).
    const before = kill.orphaned.filter((id) => (ok.get(id) ?? []).some((at) => at <= kill.at));
    const after = kill.orphaned
      .filter((id) => !before.includes(id))
      .map((id) => (ok.get(id) ?? []).find((at) => at > kill.at)! - kill.at)
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    console.log(
      `SIGKILL ${kill.slot} at ${fmt((kill.at - postingStarted) / 1000)} s (restarted in ${fmt(kill.restartedAfterMs / 1000)} s): ` +
        `it held ${kill.orphaned.length} jobs; ${before.length} already delivered, ` +
        (after.length
          ? `${after.length} delivered ${fmt(percentile(after, 50) / 1000)} s (median) to ${fmt(after.at(-1)! / 1000)} s (last) after the kill`
          : "none left to recover"),
    );
  }
  if (fellBehind) console.log(`note: the poster fell behind ${RATE}/s ${fellBehind} times`);
  console.log("peak RSS:");
  for (const [label, kb] of [...peaks].sort()) console.log(`  ${label}: ${Math.round(kb / 1024)} MB`);

  await Promise.all(slots.map((slot) => stopProcess(slot.child)));
  receiver.kill();
  await disconnectDb();
  await ready.embedded?.stop();
  process.exit(lost.length === 0 && allSucceeded ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
