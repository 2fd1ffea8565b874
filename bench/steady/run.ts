import { monitorEventLoopDelay } from "node:perf_hooks";
import { readFileSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { systemActor } from "@/lib/people/actor";
import { demoCredentials } from "../../scripts/built-server";
import {
  factSentence,
  fmt,
  percentile,
  pssOfTree,
  request,
  restartApp,
  rssOfPid,
  startApp,
  steady,
  UNTHROTTLED,
  type StartedApp,
} from "../lib";
import { embeddingModelId } from "@/lib/embeddings/encoder";
import { reloadEnv } from "@/lib/env";
import { seedOneBotWorld } from "./one-bot-world";
import { sampleWaits, summarizeWaits, type Waits } from "./waits";

// bench/steady (issue 23): one established bot sends at a steady rate (default 100 messages/s for 600 s) into a
// conversation linked to a contact, against the built app as `npm start` runs it (the job worker and the sentence
// encoder in the launcher), so every message is also embedded. Prints send latency (p50/p95/p99/max), statuses,
// resident memory of the app's processes and the embedding backlog every 10 s, and, every second, what ran beside
// the requests: CPU of the launcher (the encoder's thread) / app server / PostgreSQL, and the app server's
// event-loop delay and GC pauses (bench/steady/probe.mjs, loaded through SERVER_NODE_ARGS). Then where the slow
// requests fell. BENCH_VARIANTS (JSON [{name, env}]) with BENCH_ROUNDS runs several app configurations in interleaved
// rounds (A, B, A, B, ...) on a fresh app each, and prints each variant's median round.
//
// Issue 36, item 5 adds two kinds of round, chosen per variant ({"world": …, "start": …}) or for all by
// BENCH_WORLD and BENCH_START:
// - world "one-bot": the same bot sends over ONE_BOT_CONVERSATIONS (1,000) conversations, each with a contact, on a
//   database already holding ONE_BOT_MESSAGES (100,000) messages of bench:search's filler
//   (bench/steady/one-bot-world.ts); world "conversation" (the default) is issue 23's one conversation.
// - start "cold": the app is started once to seed, stopped, and started again on its data (a deploy's restart); the
//   load starts 1 s after GET /api/ready first answers 200, with no warm-up, and the figures are given for the first
//   COLD_WINDOW_SECONDS (30) and after, with p99 per 5 s. Start "warm" (the default) warms up for WARMUP_SECONDS first.
//   BENCH_COLD_WARMUP_REQUESTS=n (or a variant's "warmUpRequests") sends n requests without a key first: the
//   warm-up docs/decisions/041 proposes.
// Every round also samples what the database's backends wait on (bench/steady/waits.ts, every BENCH_WAIT_SAMPLE_MS,
// 20 ms by default; 0 turns it off): how many sends wait for the bot's sending lock at once, how long each waited,
// and what share of the slowest 1 % of sends' time that was.
//
//   BENCH_WORLD=one-bot BENCH_SECONDS=30 npm run bench:steady
//   BENCH_SECONDS=60 BENCH_ROUNDS=3 BENCH_VARIANTS='[{"name":"one bot, warm","world":"one-bot"},
//     {"name":"one bot, cold","world":"one-bot","start":"cold"}]' npm run bench:steady

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SAMPLE_SECONDS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3281);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 60);
const SLOW_MS = 50;
const WAIT_SAMPLE_MS = Number(process.env.BENCH_WAIT_SAMPLE_MS ?? 20);
const ONE_BOT_CONVERSATIONS = Number(process.env.BENCH_ONE_BOT_CONVERSATIONS ?? 1_000);
const ONE_BOT_MESSAGES = Number(process.env.BENCH_ONE_BOT_MESSAGES ?? 100_000);
const COLD_WINDOW_SECONDS = Number(process.env.BENCH_COLD_WINDOW_SECONDS ?? 30);
/** How long after GET /api/ready first answers 200 a cold round's load starts. */
const COLD_DELAY_MS = 1_000;
/** Cold rounds: requests without a key sent to the send route before the load (0: none; see the round). */
const WARM_UP_REQUESTS = Number(process.env.BENCH_COLD_WARMUP_REQUESTS ?? 0);

/** embeddingModelId() as a process with these variables set would see it. */
function modelIdWith(variables: Record<string, string>): string {
  const saved = Object.fromEntries(Object.keys(variables).map((key) => [key, process.env[key]]));
  Object.assign(process.env, variables);
  reloadEnv();
  try {
    return embeddingModelId();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    reloadEnv();
  }
}

type World = "conversation" | "one-bot";
type Start = "warm" | "cold";
interface Variant {
  name: string;
  env: Record<string, string>;
  world: World;
  start: Start;
  /** Cold rounds: requests without a key before the load. */
  warmUpRequests: number;
}
const WORLD = (process.env.BENCH_WORLD ?? "conversation") as World;
const START = (process.env.BENCH_START ?? "warm") as Start;
const VARIANTS: Variant[] = (
  process.env.BENCH_VARIANTS ? (JSON.parse(process.env.BENCH_VARIANTS) as Partial<Variant>[]) : [{}]
).map((v) => ({
  name: v.name ?? `${v.world ?? WORLD}, ${v.start ?? START}`,
  env: v.env ?? {},
  world: v.world ?? WORLD,
  start: v.start ?? START,
  warmUpRequests: v.warmUpRequests ?? WARM_UP_REQUESTS,
}));
for (const v of VARIANTS) {
  if (!["conversation", "one-bot"].includes(v.world)) throw new Error(`unknown world ${v.world}`);
  if (!["warm", "cold"].includes(v.start)) throw new Error(`unknown start ${v.start}`);
}
const DATA_DIR = path.join("bench", "out", "steady");
const PROBE = path.resolve("bench", "steady", "probe.mjs");

const body = (i: number) => factSentence(i, i, i * 3, i);

// ---- the app's processes and their CPU -------------------------------------------------------------------------

interface Proc {
  pid: number;
  cmdline: string;
}

function descendants(root: number): Proc[] {
  const parents = new Map<number, number>();
  const cmdlines = new Map<number, string>();
  for (const d of readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      cmdlines.set(Number(d), readFileSync(`/proc/${d}/cmdline`, "utf8").replace(/\0/g, " "));
    } catch {
      // ended meanwhile
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && parents.has(pid) && inTree(parents.get(pid)!));
  return [...parents.keys()].filter(inTree).map((pid) => ({ pid, cmdline: cmdlines.get(pid) ?? "" }));
}

interface AppProcs {
  launcher: number;
  server: number;
  postgres: number;
  /** Every PostgreSQL process (the postmaster and its backends), re-read each sample. */
  postgresAll: () => number[];
}

function appProcesses(root: number): AppProcs {
  const all = descendants(root);
  const find = (test: (p: Proc) => boolean, what: string) => {
    const found = all.find(test);
    if (!found) throw new Error(`no ${what} process under ${root}`);
    return found.pid;
  };
  const launcher = find(
    // `node --import tsx scripts/serve.ts` itself, not npm's process or the shell around it.
    (p) => p.cmdline.includes("scripts/serve.ts") && /(^|\/)node /.test(p.cmdline),
    "launcher",
  );
  const server = find((p) => p.cmdline.startsWith("next-server") || p.cmdline.includes("relay-server.mjs"), "server");
  const postgres = find(
    (p) => /\/postgres( |$)/.test(p.cmdline.split(" -")[0]!) || p.cmdline.startsWith("postgres"),
    "postgres",
  );
  return {
    launcher,
    server,
    postgres,
    postgresAll: () => descendants(postgres).map((p) => p.pid),
  };
}

/** CPU ms (user + system) of a process or thread from its stat file; 0 once gone. */
function cpuMs(statFile: string): number {
  try {
    const stat = readFileSync(statFile, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU ms per thread of a process, with the thread's name. */
function threadsCpu(pid: number): Map<number, { name: string; ms: number }> {
  const out = new Map<number, { name: string; ms: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      out.set(Number(tid), { name, ms: cpuMs(`/proc/${pid}/task/${tid}/stat`) });
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

// ---- one round -------------------------------------------------------------------------------------------------

interface Second {
  t: number;
  launcherMs: number;
  encoderMs: number;
  serverMs: number;
  postgresMs: number;
  eldMaxMs: number;
  /** This benchmark's own event-loop delay, max in the second: a stall here inflates the latencies it times. */
  clientEldMaxMs: number;
  gcMs: number;
  gcMaxMs: number;
  slowest: number;
  slow: number;
  sent: number;
  /** Most backends waiting for the bot's sending lock at once in the second (the wait sampler's). */
  advisoryMax: number;
  /** The wait sampler's samples in the second, and those in which the checkpointer was writing or syncing files. */
  waitSamples: number;
  checkpointIoSamples: number;
  /** Samples in the second with an autovacuum worker at work. */
  autovacuumSamples: number;
  /** Backends of the sends not waiting for the bot's lock, summed over the second's samples, by wait event. */
  holders: Map<string, number>;
}

/** One send: when it started (ms after the load started), how long it took, its Idempotency-Key. */
interface Timed {
  at: number;
  ms: number;
  key: string;
}

interface Round {
  variant: string;
  world: World;
  start: Start;
  load: { before: string; after: string };
  /** The one-bot world's seeding (null for one conversation). */
  seeded: { messages: number; conversations: number; seconds: number } | null;
  /** Cold rounds: from the launcher's start to GET /api/ready's first 200. */
  readyAfterMs: number | null;
  sent: number;
  statuses: Record<number, number>;
  errors: number;
  fellBehind: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  timed: Timed[];
  samples: { t: number; serverMb: number; launcherMb: number; postgresMb: number; backlog: number }[];
  seconds: Second[];
  drainSeconds: number | null;
  encoderThread: string;
  gc: { count: number; ms: number; maxMs: number; major: number };
  waits: Waits | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function round(variant: Variant, index: number): Promise<Round> {
  // One data folder for every round, started afresh each time (env() reads DATA_DIR once per process).
  const dataDir = path.join(DATA_DIR, "data");
  const probeOut = path.resolve(DATA_DIR, `probe-${index}.jsonl`);
  const appEnv = {
    ...variant.env,
    SERVER_NODE_ARGS: [`--import ${PROBE}`, variant.env.SERVER_NODE_ARGS ?? ""].join(" ").trim(),
    STEADY_PROBE_OUT: probeOut,
  };
  const loadBefore = loadAverage();
  let app: StartedApp = await startApp(PORT, dataDir, appEnv);
  try {
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = "";
    let ready = await prepareDatabase();
    const world = demoCredentials(dataDir);
    await updatePolicySettings(systemActor, {
      workspaceId: world.workspace.id,
      changes: { dailyLimit: 1_000_000, ...UNTHROTTLED },
    });
    await disconnectDb();
    const bot = world.bots.find((b) => b.established)!;
    let conversations = [world.conversations.find((c) => c.bot_ids.includes(bot.id))!.id];
    let seeded: Round["seeded"] = null;
    if (variant.world === "one-bot") {
      const made = await seedOneBotWorld(ready.url, {
        workspaceId: world.workspace.id,
        botId: bot.id,
        userId: world.people[0]!.id,
        conversations: ONE_BOT_CONVERSATIONS,
        messages: ONE_BOT_MESSAGES,
      });
      conversations = made.conversationIds;
      seeded = { messages: made.messages, conversations: conversations.length, seconds: made.seconds };
      console.log(
        `(seeded ${conversations.length} conversations, ${made.messages} messages in the database, in ${fmt(made.seconds)} s)`,
      );
    }

    // A cold round: the same data, a fresh launcher and app server (and embedded PostgreSQL), as after a deploy.
    let readyAfterMs: number | null = null;
    let readyAt = 0;
    if (variant.start === "cold") {
      await app.stop();
      execFileSync("rm", ["-f", probeOut]);
      const launched = performance.now();
      app = await restartApp({
        port: PORT,
        dataDir,
        env: appEnv,
        ready: async () => {
          const ok = (await fetch(`http://127.0.0.1:${PORT}/api/ready`)).status === 200;
          if (ok) readyAt = performance.now();
          return ok;
        },
      });
      readyAfterMs = readyAt - launched;
      ready = await prepareDatabase();
      await disconnectDb();
    }
    execFileSync("rm", ["-f", probeOut]);

    const pool = new pg.Pool({ connectionString: ready.url, max: 2 });
    // The model the app embeds with: the variant's environment may choose another than this process's.
    const model = modelIdWith(variant.env);
    const backlog = async () =>
      Number(
        (
          await pool.query(
            `SELECT COALESCE(sum(c.last_seq - COALESCE(p.embedded_seq, 0)), 0) AS n FROM conversations c
               LEFT JOIN embedding_progress p ON p.conversation_id = c.id AND p.model = $2 WHERE c.id = ANY($1::uuid[])`,
            [conversations, model],
          )
        ).rows[0].n,
      );
    const procs = appProcesses(app.process.pid!);

    // The i-th send goes to conversation i × 7919 mod n: every conversation once in n sends, neighbours far apart (so
    // two sends in flight rarely share a conversation's row lock: the bot's own serialization is what shows).
    const conversationOf = (i: number) => conversations[(i * 7919) % conversations.length]!;
    const send = (i: number, key: string) =>
      request(`${app.url}/api/public/v1/conversations/${conversationOf(i)}/messages`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${bot.api_key}`,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        body: JSON.stringify({ body: body(i) }),
      });

    if (variant.start === "warm") {
      // Warm-up at the same rate, unmeasured: the routes loaded, the pool's connections open, the model loaded.
      await steady(WARMUP_SECONDS * RATE, RATE, async (i) => void (await send(i, `warm-${i}`)));
      while ((await backlog()) > RATE) await sleep(500);
    } else {
      if (variant.warmUpRequests > 0) {
        // What a warm-up before /api/ready would do (not in the product: docs/decisions/041): requests without a key,
        // each answered 401 by the route's wrapper before any lookup. (Requests with a wrong key would not do: the
        // credential throttle counts them, and locks the address out, this benchmark's sends included.)
        const t0 = performance.now();
        await steady(variant.warmUpRequests, 200, async (i) => {
          await request(`${app.url}/api/public/v1/conversations/${conversationOf(i)}/messages`, {
            method: "POST",
            headers: { "content-type": "application/json", "idempotency-key": `warm-up-${i}` },
            body: JSON.stringify({ body: body(i) }),
          });
        });
        console.log(
          `(warmed up with ${variant.warmUpRequests} requests without a key in ${fmt(performance.now() - t0, 0)} ms)`,
        );
        readyAt = performance.now();
      }
      // The load starts 1 s after the first 200 of GET /api/ready (or after the warm-up), whatever the app still does.
      await sleep(Math.max(0, COLD_DELAY_MS - (performance.now() - readyAt)));
    }

    const keyPrefix = `steady-${index}-`;
    const waitSampler =
      WAIT_SAMPLE_MS > 0
        ? await sampleWaits(ready.url, { intervalMs: WAIT_SAMPLE_MS, keyPattern: `${keyPrefix}[0-9]+` })
        : null;
    const timed: Timed[] = [];
    const statuses: Record<number, number> = {};
    let errors = 0;
    const samples: Round["samples"] = [];
    const seconds: Second[] = [];
    const started = performance.now();
    let current = { slowest: 0, slow: 0, sent: 0 };
    const threadsBefore = threadsCpu(procs.launcher);
    let last = {
      launcher: cpuMs(`/proc/${procs.launcher}/stat`),
      threads: threadsBefore,
      server: cpuMs(`/proc/${procs.server}/stat`),
      postgres: procs.postgresAll().reduce((s, pid) => s + cpuMs(`/proc/${pid}/stat`), 0),
    };
    const probeStart = Date.now();
    let encoderTid = 0;
    const clientDelay = monitorEventLoopDelay({ resolution: 10 });
    clientDelay.enable();
    const perSecond = setInterval(() => {
      const clientEldMaxMs = clientDelay.max / 1e6;
      clientDelay.reset();
      const now = {
        launcher: cpuMs(`/proc/${procs.launcher}/stat`),
        threads: threadsCpu(procs.launcher),
        server: cpuMs(`/proc/${procs.server}/stat`),
        postgres: procs.postgresAll().reduce((s, pid) => s + cpuMs(`/proc/${pid}/stat`), 0),
      };
      // The encoder's thread: the launcher's busiest thread other than its main one.
      let busiest = { tid: 0, ms: -1 };
      for (const [tid, t] of now.threads) {
        const delta = t.ms - (last.threads.get(tid)?.ms ?? 0);
        if (tid !== procs.launcher && delta > busiest.ms) busiest = { tid, ms: delta };
      }
      if (busiest.ms > 50) encoderTid = busiest.tid;
      const encoderMs = encoderTid
        ? (now.threads.get(encoderTid)?.ms ?? 0) - (last.threads.get(encoderTid)?.ms ?? 0)
        : 0;
      seconds.push({
        t: seconds.length + 1,
        launcherMs: now.launcher - last.launcher,
        encoderMs,
        serverMs: now.server - last.server,
        postgresMs: Math.max(0, now.postgres - last.postgres),
        eldMaxMs: 0,
        clientEldMaxMs,
        gcMs: 0,
        gcMaxMs: 0,
        advisoryMax: 0,
        waitSamples: 0,
        checkpointIoSamples: 0,
        autovacuumSamples: 0,
        holders: new Map(),
        ...current,
      });
      current = { slowest: 0, slow: 0, sent: 0 };
      last = now;
    }, 1000);
    const sampleMemory = async () =>
      samples.push({
        t: Math.round((performance.now() - started) / 1000),
        serverMb: rssOfPid(procs.server) / 1024,
        launcherMb: rssOfPid(procs.launcher) / 1024,
        postgresMb: pssOfTree(procs.postgres) / 1024,
        backlog: await backlog(),
      });
    await sampleMemory();
    const memory = setInterval(() => void sampleMemory(), SAMPLE_SECONDS * 1000);

    const fellBehind = await steady(SECONDS * RATE, RATE, async (i) => {
      const t0 = performance.now();
      const key = `${keyPrefix}${i}`;
      try {
        const res = await send(i, key);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch {
        errors++;
      }
      const ms = performance.now() - t0;
      timed.push({ at: t0 - started, ms, key });
      current.sent++;
      current.slowest = Math.max(current.slowest, ms);
      if (ms > SLOW_MS) current.slow++;
    });
    clearInterval(perSecond);
    clientDelay.disable();
    clearInterval(memory);
    const waits = waitSampler ? await waitSampler.stop() : null;
    for (const sample of waits?.samples ?? []) {
      const second = seconds[Math.floor((sample.at - started) / 1000)];
      if (!second) continue;
      second.advisoryMax = Math.max(second.advisoryMax, sample.advisory);
      second.waitSamples++;
      second.checkpointIoSamples += sample.checkpointIo;
      if (sample.autovacuumWork.length > 0) second.autovacuumSamples++;
      for (const event of sample.holders) second.holders.set(event, (second.holders.get(event) ?? 0) + 1);
    }
    await sampleMemory();
    // How long the encoder takes to catch up once the sending stops (at most DRAIN_SECONDS are waited).
    const stopped = performance.now();
    let drainSeconds: number | null = null;
    while (performance.now() - stopped < DRAIN_SECONDS * 1000) {
      if ((await backlog()) === 0) {
        drainSeconds = (performance.now() - stopped) / 1000;
        break;
      }
      await sleep(250);
    }
    await pool.end();

    // The server's own view of each second (the probe's lines), matched to the seconds by wall-clock time.
    const probe = readFileSync(probeOut, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(
        (l) =>
          JSON.parse(l) as {
            t: number;
            eldMaxMs: number;
            gc: { count: number; ms: number; maxMs: number; major: number };
          },
      );
    const total = { count: 0, ms: 0, maxMs: 0, major: 0 };
    for (const line of probe) {
      const at = Math.round((line.t - probeStart) / 1000);
      const second = seconds[at - 1];
      if (second) {
        second.eldMaxMs = line.eldMaxMs;
        second.gcMs = line.gc.ms;
        second.gcMaxMs = line.gc.maxMs;
      }
      if (at >= 1 && at <= seconds.length) {
        total.count += line.gc.count;
        total.ms += line.gc.ms;
        total.maxMs = Math.max(total.maxMs, line.gc.maxMs);
        total.major += line.gc.major;
      }
    }
    const encoderThread = encoderTid ? (threadsCpu(procs.launcher).get(encoderTid)?.name ?? "?") : "none";
    const latencies = timed.map((t) => t.ms).sort((a, b) => a - b);
    return {
      variant: variant.name,
      world: variant.world,
      start: variant.start,
      load: { before: loadBefore, after: loadAverage() },
      seeded,
      readyAfterMs,
      sent: latencies.length,
      statuses,
      errors,
      fellBehind,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? NaN,
      timed,
      samples,
      seconds,
      drainSeconds,
      encoderThread,
      gc: total,
      waits,
    };
  } finally {
    await app.stop();
  }
}

// ---- report ----------------------------------------------------------------------------------------------------

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** p50 / p99 / max of the sends that started in [from, to) s after the load started. */
function window(r: Round, from: number, to: number) {
  const ms = r.timed
    .filter((t) => t.at >= from * 1000 && t.at < to * 1000)
    .map((t) => t.ms)
    .sort((a, b) => a - b);
  return { n: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1) ?? NaN };
}

const waitSummary = (r: Round) =>
  r.waits ? summarizeWaits(r.waits, { sends: r.timed, seconds: r.seconds.length || SECONDS }) : null;

function report(r: Round) {
  const world =
    r.world === "one-bot"
      ? `one bot over ${r.seeded?.conversations} conversations, ${r.seeded?.messages} messages in the database`
      : "one conversation";
  const start =
    r.start === "cold"
      ? `cold: load from ${COLD_DELAY_MS / 1000} s after GET /api/ready's first 200 (${fmt((r.readyAfterMs ?? NaN) / 1000)} s after the launch)`
      : `warm: after a ${WARMUP_SECONDS} s warm-up`;
  console.log(`\n### ${r.variant} (${world}; ${start})`);
  console.log(
    `${r.sent} sends at ${RATE}/s for ${SECONDS} s — statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}, client fell behind ${r.fellBehind}×; load average ${r.load.before} before, ${r.load.after} after`,
  );
  console.log(`latency ms: p50 ${fmt(r.p50)}, p95 ${fmt(r.p95)}, p99 ${fmt(r.p99)}, max ${fmt(r.max)}`);
  if (r.start === "cold") {
    const first = window(r, 0, COLD_WINDOW_SECONDS);
    const after = window(r, COLD_WINDOW_SECONDS, Infinity);
    console.log(
      `first ${COLD_WINDOW_SECONDS} s: ${first.n} sends, p50 ${fmt(first.p50)}, p99 ${fmt(first.p99)}, max ${fmt(first.max)} ms; after: ${after.n} sends, p50 ${fmt(after.p50)}, p99 ${fmt(after.p99)}, max ${fmt(after.max)} ms; p99 first ÷ after ${fmt(first.p99 / after.p99, 2)}`,
    );
    const fives = [];
    for (let from = 0; from < Math.min(SECONDS, 60); from += 5)
      fives.push(`${from}–${from + 5} s ${fmt(window(r, from, from + 5).p99, 0)}`);
    console.log(`p99 per 5 s: ${fives.join(", ")}`);
    console.log(
      "the first 15 s, each second: t, sends, slowest ms, CPU ms of the launcher (its encoder thread) / app server / PostgreSQL, server GC ms, server event-loop delay max ms, most sends waiting for the bot's lock",
    );
    for (const x of r.seconds.slice(0, 15))
      console.log(
        `  ${x.t}: ${x.sent}, ${fmt(x.slowest, 0)}; ${x.launcherMs} (${x.encoderMs}) / ${x.serverMs} / ${x.postgresMs}; ${fmt(x.gcMs)}; ${fmt(x.eldMaxMs)}; ${x.advisoryMax}`,
      );
  }
  const w = waitSummary(r);
  if (w) {
    const m = w.mean;
    console.log(
      `\nthe database's backends, sampled every ${WAIT_SAMPLE_MS} ms (${w.samples} samples, ${fmt(w.sampleMs, 2)} ms each): mean per sample — running ${fmt(m.running, 2)}, waiting for the bot's lock (Lock:advisory) ${fmt(m.advisory, 2)}, for a row lock ${fmt(m.rowLock, 2)}, another lock ${fmt(m.otherLock, 2)}, WAL/IO ${fmt(m.wal, 2)}, idle in transaction (the app working, locks held) ${fmt(m.idleInTransaction, 2)}, other ${fmt(m.other, 2)}`,
    );
    console.log(
      `the bot's lock: waited for in ${fmt(w.advisoryShare * 100)} % of samples, at most ${w.advisoryMax} at once; mean wait per send ${fmt(w.advisoryMeanPerSendMs, 2)} ms (Little's law); ${w.seenWaiting} sends seen waiting, their waits p50 ${fmt(w.seenP50)}, p99 ${fmt(w.seenP99)}, max ${fmt(w.seenMax)} ms`,
    );
    console.log(
      `the slowest 1 % (${w.tail.sends} sends at or over p99 ${fmt(r.p99)} ms, mean ${fmt(w.tail.meanMs)} ms): ${w.tail.waited} waited for the bot's lock, mean ${fmt(w.tail.meanWaitMs)} ms: ${fmt(w.tail.share * 100)} % of their time`,
    );
  }
  console.log(
    `\n| t (s) | app server RSS MB | launcher (worker + encoder) RSS MB | PostgreSQL PSS MB | messages without a vector |`,
  );
  console.log("|---|---|---|---|---|");
  for (const s of r.samples)
    console.log(
      `| ${s.t} | ${fmt(s.serverMb, 0)} | ${fmt(s.launcherMb, 0)} | ${fmt(s.postgresMb, 0)} | ${s.backlog} |`,
    );
  console.log(
    `backlog after the last send drained in ${r.drainSeconds === null ? `> ${DRAIN_SECONDS}` : fmt(r.drainSeconds)} s`,
  );
  const secs = r.seconds;
  const slowSecs = secs.filter((s) => s.slow > 0);
  const quiet = secs.filter((s) => s.slow === 0);
  const cpu = (xs: Second[], k: keyof Second) => fmt(mean(xs.map((s) => s[k] as number)), 0);
  console.log(
    `\nCPU ms per second (mean): encoder thread (${r.encoderThread}) ${cpu(secs, "encoderMs")}, launcher ${cpu(secs, "launcherMs")}, app server ${cpu(secs, "serverMs")}, PostgreSQL ${cpu(secs, "postgresMs")}`,
  );
  console.log(
    `app server GC: ${r.gc.count} pauses (${r.gc.major} major), ${fmt(r.gc.ms / Math.max(1, secs.length))} ms/s, longest ${fmt(r.gc.maxMs)} ms; event-loop delay max per second: p50 ${fmt(
      percentile(
        secs.map((s) => s.eldMaxMs).sort((a, b) => a - b),
        50,
      ),
    )} ms, p99 ${fmt(
      percentile(
        secs.map((s) => s.eldMaxMs).sort((a, b) => a - b),
        99,
      ),
    )} ms`,
  );
  const slowTotal = secs.reduce((a, s) => a + s.slow, 0);
  const inGc = secs.filter((s) => s.gcMaxMs > 20).reduce((a, s) => a + s.slow, 0);
  const inEld = secs.filter((s) => s.eldMaxMs > SLOW_MS).reduce((a, s) => a + s.slow, 0);
  console.log(
    `requests over ${SLOW_MS} ms: ${slowTotal}, in ${slowSecs.length} of ${secs.length} seconds; ${inGc} of them in a second with a server GC pause > 20 ms, ${inEld} in a second whose server event-loop delay exceeded ${SLOW_MS} ms`,
  );
  console.log(
    `seconds with slow requests vs without (mean CPU ms/s): encoder ${cpu(slowSecs, "encoderMs")} vs ${cpu(quiet, "encoderMs")}, server ${cpu(slowSecs, "serverMs")} vs ${cpu(quiet, "serverMs")}, PostgreSQL ${cpu(slowSecs, "postgresMs")} vs ${cpu(quiet, "postgresMs")}, server GC ${cpu(slowSecs, "gcMs")} vs ${cpu(quiet, "gcMs")}, server event-loop delay max ${cpu(slowSecs, "eldMaxMs")} vs ${cpu(quiet, "eldMaxMs")}`,
  );
  const inClient = secs.filter((s) => s.clientEldMaxMs > SLOW_MS).reduce((a, s) => a + s.slow, 0);
  console.log(
    `this benchmark's own event-loop delay, max per second: p50 ${fmt(
      percentile(
        secs.map((s) => s.clientEldMaxMs).sort((a, b) => a - b),
        50,
      ),
    )} ms, max ${fmt(Math.max(...secs.map((s) => s.clientEldMaxMs)))} ms; ${inClient} slow requests in a second where it exceeded ${SLOW_MS} ms`,
  );
  console.log(
    "\nthe 5 slowest seconds: t, slowest ms, slow requests, encoder / server / PostgreSQL CPU ms, server GC ms (longest), event-loop delay max ms (server / this benchmark), most sends waiting for the bot's lock at once, share of the second the checkpointer was writing or syncing files / an autovacuum worker was at work; what the other backends of the sends were doing (mean backends per sample, by wait event)",
  );
  const share = (n: number, s: Second) => `${fmt((100 * n) / Math.max(1, s.waitSamples), 0)} %`;
  const checkpointing = (s: Second) => `${share(s.checkpointIoSamples, s)} / ${share(s.autovacuumSamples, s)}`;
  const holders = (s: Second) =>
    [...s.holders]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([event, n]) => `${event} ${fmt(n / Math.max(1, s.waitSamples), 2)}`)
      .join(", ") || "none";
  for (const s of [...secs].sort((a, b) => b.slowest - a.slowest).slice(0, 5))
    console.log(
      `  ${s.t}: ${fmt(s.slowest)} ms, ${s.slow}; ${s.encoderMs} / ${s.serverMs} / ${s.postgresMs}; ${fmt(s.gcMs)} (${fmt(s.gcMaxMs)}); ${fmt(s.eldMaxMs)} / ${fmt(s.clientEldMaxMs)}; ${s.advisoryMax}; ${checkpointing(s)}; ${holders(s)}`,
    );
  // Whether the slow requests gather where the checkpointer writes or syncs the data files, or autovacuum works (in
  // over a tenth of the second's samples).
  const busyIn = (samples: (s: Second) => number, what: string) => {
    const busy = secs.filter((s) => samples(s) * 10 > s.waitSamples && s.waitSamples > 0);
    console.log(
      `seconds with ${what}: ${busy.length} of ${secs.length}, holding ${busy.reduce((a, s) => a + s.slow, 0)} of the ${slowTotal} requests over ${SLOW_MS} ms`,
    );
  };
  busyIn((s) => s.checkpointIoSamples, "the checkpointer writing or syncing files");
  busyIn((s) => s.autovacuumSamples, "an autovacuum worker at work");
  // Whether they gather where the sends' commits wait for the WAL to reach the disk (a flush, or the lock of one).
  const walWaits = (s: Second) => (s.holders.get("IO:WalSync") ?? 0) + (s.holders.get("LWLock:WALWrite") ?? 0);
  busyIn(walWaits, "commits waiting for the WAL's flush (IO:WalSync, LWLock:WALWrite)");
  const autovacuumWork = new Map<string, number>();
  for (const sample of r.waits?.samples ?? [])
    for (const work of sample.autovacuumWork) autovacuumWork.set(work, (autovacuumWork.get(work) ?? 0) + 1);
  if (autovacuumWork.size > 0)
    console.log(
      `autovacuum's work, in samples (${fmt(WAIT_SAMPLE_MS, 0)} ms each): ${[...autovacuumWork]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([work, n]) => `${work} ${n}`)
        .join("; ")}`,
    );
}

async function main() {
  console.log(
    `bench/steady — ${RATE} messages/s for ${SECONDS} s per round, ${ROUNDS} round(s) of ${VARIANTS.map((v) => `${v.name} (${v.world}, ${v.start})`).join(", ")}, ${new Date().toISOString()}`,
  );
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++)
    for (const variant of VARIANTS) {
      const r = await round(variant, rounds.length);
      rounds.push(r);
      report(r);
    }
  if (rounds.length > 1) {
    console.log("\n## medians per variant (interleaved rounds)\n");
    console.log(
      `| variant | rounds | p50 ms | p95 ms | p99 ms (each round) | max ms | p99 first ${COLD_WINDOW_SECONDS} s / after ms | sends waiting for the bot's lock, mean / most | its share of the slowest 1 % | encoder CPU ms/s | server GC ms/s | largest backlog |`,
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const v of VARIANTS) {
      const rs = rounds.filter((r) => r.variant === v.name);
      const ws = rs.map(waitSummary);
      const waitCell = ws.every(Boolean)
        ? `${fmt(med(ws.map((w) => w!.mean.advisory)), 2)} / ${med(ws.map((w) => w!.advisoryMax))} | ${fmt(med(ws.map((w) => w!.tail.share * 100)))} %`
        : "n/a | n/a";
      const windows = `${fmt(med(rs.map((r) => window(r, 0, COLD_WINDOW_SECONDS).p99)))} / ${fmt(med(rs.map((r) => window(r, COLD_WINDOW_SECONDS, Infinity).p99)))}`;
      console.log(
        `| ${v.name} | ${rs.length} | ${fmt(med(rs.map((r) => r.p50)))} | ${fmt(med(rs.map((r) => r.p95)))} | ${fmt(med(rs.map((r) => r.p99)))} (${rs.map((r) => fmt(r.p99)).join(" / ")}) | ${fmt(med(rs.map((r) => r.max)))} | ${windows} | ${waitCell} | ${fmt(med(rs.map((r) => mean(r.seconds.map((s) => s.encoderMs)))), 0)} | ${fmt(med(rs.map((r) => r.gc.ms / Math.max(1, r.seconds.length))))} | ${med(rs.map((r) => Math.max(...r.samples.map((s) => s.backlog))))} |`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
