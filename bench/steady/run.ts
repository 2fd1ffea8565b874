import { monitorEventLoopDelay } from "node:perf_hooks";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { systemActor } from "@/lib/people/actor";
import { demoCredentials } from "../../scripts/built-server";
import { factSentence, fmt, percentile, pssOfTree, request, rssOfPid, startApp, steady, UNTHROTTLED } from "../lib";

// bench/steady (issue 23): one established bot sends at a steady rate (default 100 messages/s for 600 s) into a
// conversation linked to a contact, against the built app as `npm start` runs it (the job worker and the sentence
// encoder in the launcher), so every message is also embedded. Prints send latency (p50/p95/p99/max), statuses,
// resident memory of the app's processes and the embedding backlog every 10 s, and, every second, what ran beside
// the requests: CPU of the launcher (the encoder's thread) / app server / PostgreSQL, and the app server's
// event-loop delay and GC pauses (bench/steady/probe.mjs, loaded through SERVER_NODE_ARGS). Then where the slow
// requests fell. BENCH_VARIANTS (JSON [{name, env}]) with BENCH_ROUNDS runs several app configurations in interleaved
// rounds (A, B, A, B, ...) on a fresh app each, and prints each variant's median round.

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const SAMPLE_SECONDS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3281);
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 60);
const SLOW_MS = 50;
const VARIANTS: { name: string; env: Record<string, string> }[] = process.env.BENCH_VARIANTS
  ? JSON.parse(process.env.BENCH_VARIANTS)
  : [{ name: "as configured", env: {} }];
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
  const launcher = find((p) => p.cmdline.includes("scripts/serve.ts") && p.cmdline.includes("loader"), "launcher");
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
}

interface Round {
  variant: string;
  load: { before: string; after: string };
  sent: number;
  statuses: Record<number, number>;
  errors: number;
  fellBehind: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  samples: { t: number; serverMb: number; launcherMb: number; postgresMb: number; backlog: number }[];
  seconds: Second[];
  drainSeconds: number | null;
  encoderThread: string;
  gc: { count: number; ms: number; maxMs: number; major: number };
}

async function round(variant: (typeof VARIANTS)[number], index: number): Promise<Round> {
  // One data folder for every round, started afresh each time (env() reads DATA_DIR once per process).
  const dataDir = path.join(DATA_DIR, "data");
  const probeOut = path.resolve(DATA_DIR, `probe-${index}.jsonl`);
  if (existsSync(probeOut)) execFileSync("rm", ["-f", probeOut]);
  const loadBefore = loadAverage();
  const app = await startApp(PORT, dataDir, {
    ...variant.env,
    SERVER_NODE_ARGS: [`--import ${PROBE}`, variant.env.SERVER_NODE_ARGS ?? ""].join(" ").trim(),
    STEADY_PROBE_OUT: probeOut,
  });
  try {
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = "";
    const ready = await prepareDatabase();
    const world = demoCredentials(dataDir);
    await updatePolicySettings(systemActor, {
      workspaceId: world.workspace.id,
      changes: { dailyLimit: 1_000_000, ...UNTHROTTLED },
    });
    await disconnectDb();
    const bot = world.bots.find((b) => b.established)!;
    const conversation = world.conversations.find((c) => c.bot_ids.includes(bot.id))!.id;
    const pool = new pg.Pool({ connectionString: ready.url, max: 2 });
    const backlog = async () =>
      Number(
        (
          await pool.query(
            `SELECT c.last_seq - COALESCE(p.embedded_seq, 0) AS n FROM conversations c
               LEFT JOIN embedding_progress p ON p.conversation_id = c.id AND p.model = 'use-lite-512' WHERE c.id = $1`,
            [conversation],
          )
        ).rows[0].n,
      );
    const procs = appProcesses(app.process.pid!);

    const send = (i: number, prefix: string) =>
      request(`${app.url}/api/public/v1/conversations/${conversation}/messages`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${bot.api_key}`,
          "content-type": "application/json",
          "idempotency-key": `${prefix}-${i}`,
        },
        body: JSON.stringify({ body: body(i) }),
      });

    // Warm-up at the same rate, unmeasured: the routes compiled, the pool's connections open, the model loaded.
    await steady(WARMUP_SECONDS * RATE, RATE, async (i) => void (await send(i, "warm")));
    while ((await backlog()) > RATE) await new Promise((r) => setTimeout(r, 500));

    const latencies: number[] = [];
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
      try {
        const res = await send(i, `steady-${index}`);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch {
        errors++;
      }
      const ms = performance.now() - t0;
      latencies.push(ms);
      current.sent++;
      current.slowest = Math.max(current.slowest, ms);
      if (ms > SLOW_MS) current.slow++;
    });
    clearInterval(perSecond);
    clientDelay.disable();
    clearInterval(memory);
    await sampleMemory();
    // How long the encoder takes to catch up once the sending stops (at most DRAIN_SECONDS are waited).
    const stopped = performance.now();
    let drainSeconds: number | null = null;
    while (performance.now() - stopped < DRAIN_SECONDS * 1000) {
      if ((await backlog()) === 0) {
        drainSeconds = (performance.now() - stopped) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await pool.end();

    // The server's own view of each second (the probe's lines), matched to the seconds by wall-clock time.
    const probe = readFileSync(probeOut, "utf8")
      .trim()
      .split("\n")
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
    latencies.sort((a, b) => a - b);
    return {
      variant: variant.name,
      load: { before: loadBefore, after: loadAverage() },
      sent: latencies.length,
      statuses,
      errors,
      fellBehind,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? NaN,
      samples,
      seconds,
      drainSeconds,
      encoderThread,
      gc: total,
    };
  } finally {
    await app.stop();
  }
}

// ---- report ----------------------------------------------------------------------------------------------------

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

function report(r: Round) {
  console.log(
    `\n### ${r.variant}: ${r.sent} sends at ${RATE}/s for ${SECONDS} s — statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}, client fell behind ${r.fellBehind}×; load average ${r.load.before} before, ${r.load.after} after`,
  );
  console.log(`latency ms: p50 ${fmt(r.p50)}, p95 ${fmt(r.p95)}, p99 ${fmt(r.p99)}, max ${fmt(r.max)}`);
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
    "\nthe 5 slowest seconds: t, slowest ms, slow requests, encoder / server / PostgreSQL CPU ms, server GC ms (longest), event-loop delay max ms (server / this benchmark)",
  );
  for (const s of [...secs].sort((a, b) => b.slowest - a.slowest).slice(0, 5))
    console.log(
      `  ${s.t}: ${fmt(s.slowest)} ms, ${s.slow}; ${s.encoderMs} / ${s.serverMs} / ${s.postgresMs}; ${fmt(s.gcMs)} (${fmt(s.gcMaxMs)}); ${fmt(s.eldMaxMs)} / ${fmt(s.clientEldMaxMs)}`,
    );
}

async function main() {
  console.log(
    `bench/steady — ${RATE} messages/s for ${SECONDS} s per round, ${ROUNDS} round(s) of ${VARIANTS.map((v) => v.name).join(", ")}, ${new Date().toISOString()}`,
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
      "| variant | rounds | p50 ms | p95 ms | p99 ms (each round) | max ms | encoder CPU ms/s | server GC ms/s | largest backlog |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|");
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (const v of VARIANTS) {
      const rs = rounds.filter((r) => r.variant === v.name);
      console.log(
        `| ${v.name} | ${rs.length} | ${fmt(med(rs.map((r) => r.p50)))} | ${fmt(med(rs.map((r) => r.p95)))} | ${fmt(med(rs.map((r) => r.p99)))} (${rs.map((r) => fmt(r.p99)).join(" / ")}) | ${fmt(med(rs.map((r) => r.max)))} | ${fmt(med(rs.map((r) => mean(r.seconds.map((s) => s.encoderMs)))), 0)} | ${fmt(med(rs.map((r) => r.gc.ms / Math.max(1, r.seconds.length))))} | ${med(rs.map((r) => Math.max(...r.samples.map((s) => s.backlog))))} |`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
