import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { startBuiltServer } from "../scripts/built-server";
import { POLICY_BOUNDS } from "@/lib/policy/defaults";
import type { BotPrincipal } from "@/lib/bots/bot-principal";
import type { SeededWorld } from "@/lib/seed/seed-world";

// Shared pieces of the benchmarks: start the built app on a fresh data folder, run a closed-loop load at a fixed
// concurrency for a fixed time, and read resident memory from /proc. Loopback only, bounded in time.

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Latencies summarised: how many, p50, p99 and the largest (NaN for none). */
export function latencyStats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

export async function closedLoop(
  concurrency: number,
  seconds: number,
  once: (worker: number, i: number) => Promise<number>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        try {
          const status = await once(worker, i);
          statuses[status] = (statuses[status] ?? 0) + 1;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
  };
}

/** Sums `measure(pid)` over every process whose command line matches; a process that ends meanwhile counts 0. */
export function sumOverProcesses(
  match: (cmdline: string) => boolean,
  measure: (pid: string, cmdline: string) => number,
): number {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      if (match(cmdline)) total += measure(pid, cmdline);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Resident memory (kB) of every process whose command line matches, e.g. the Next server. */
export function rssOf(match: (cmdline: string) => boolean): number {
  return sumOverProcesses(match, (pid) => rssOfPid(Number(pid)));
}

/** Resident memory (kB) of one process; 0 once it has ended. */
export function rssOfPid(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Proportional memory (PSS, kB) of a process and all its descendants, e.g. PostgreSQL's postmaster and its backends:
 * shared pages (PostgreSQL's shared buffers) are divided among the processes mapping them instead of counted in each,
 * as RSS would. Falls back to RSS where /proc/<pid>/smaps_rollup cannot be read.
 */
export function pssOfTree(rootPid: number): number {
  const parents = new Map<number, number>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = (pid: number): boolean =>
    pid === rootPid || (pid > 1 && parents.has(pid) && inTree(parents.get(pid)!));
  const pss = (pid: number) => {
    try {
      return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch {
      return rssOfPid(pid);
    }
  };
  return [...parents.keys()].filter(inTree).reduce((sum, pid) => sum + pss(pid), 0);
}

/** CPU time (user + system, in ms) the matching processes have used so far: /proc/<pid>/stat, in 10 ms ticks. */
export function cpuMsOf(match: (cmdline: string) => boolean): number {
  return sumOverProcesses(match, (pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime; USER_HZ is 100 on Linux
  });
}

export interface StartedApp {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startApp(port: number, dataDir: string, env: Record<string, string> = {}): Promise<StartedApp> {
  const url = `http://127.0.0.1:${port}`;
  const server = await startBuiltServer({
    port,
    dataDir,
    env: { BENCH_ROUTES: "1", ...env },
    ready: async () => (await fetch(`${url}/api/bench/bare`)).ok,
    timeoutMs: 120_000,
  });
  return { url, dataDir, process: server.process, stop: server.stop };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A keep-alive HTTP request with node:http (lighter on the shared CPU than fetch); resolves status and body. */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * Load with wrk (Debian's `wrk`, written in C: it leaves the CPU to the server, which shares this 2-core machine
 * with the client). `script` is a wrk Lua script that builds each request. Returns null when wrk is not installed.
 */
export function wrkLoad(
  url: string,
  options: { seconds: number; connections: number; script?: string; threads?: number },
): LoadResult | null {
  const args = [
    `-t${options.threads ?? 1}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    ...(options.script ? ["-s", options.script] : []),
    url,
  ];
  let out: string;
  try {
    out = execFileSync("wrk", args, { encoding: "utf8" });
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return null;
    throw error;
  }
  const ms = (label: string) => {
    const match = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)`, "m").exec(out);
    if (!match) return NaN;
    const value = Number(match[1]);
    return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
  };
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requests,
    errors: (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) + non2xx,
    seconds: options.seconds,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: ms("50%"),
    p99: ms("99%"),
    statuses: non2xx ? { 0: non2xx } : {},
  };
}

/**
 * A bot request rate no benchmark reaches (issue 31: 10 a second by default): benchmarks measure the server, not the
 * limit; bench:send's A/B measures what the rate's check costs.
 */
export const UNTHROTTLED = { ratePerSecond: POLICY_BOUNDS.ratePerSecond, rateBurst: POLICY_BOUNDS.rateBurst } as const;
/** The same, as `cli workspace settings` flags. */
export const UNTHROTTLED_FLAGS = [
  "--rate-per-second",
  String(POLICY_BOUNDS.ratePerSecond),
  "--rate-burst",
  String(POLICY_BOUNDS.rateBurst),
];

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
export const resultsPath = path.join("bench", "RESULTS.md");

/** At most this many `steady` calls run at once when the system falls behind the rate. */
export const STEADY_MAX_INFLIGHT = 16;

/** Starts `once` at a steady rate; returns how many times it fell behind (then at most STEADY_MAX_INFLIGHT run). */
export async function steady(count: number, rate: number, once: (i: number) => Promise<void>): Promise<number> {
  let fellBehind = 0;
  const started = performance.now();
  const inflight = new Set<Promise<void>>();
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inflight.size >= STEADY_MAX_INFLIGHT) {
      fellBehind++;
      await Promise.race(inflight);
    }
    const run: Promise<void> = once(i).finally(() => inflight.delete(run));
    inflight.add(run);
  }
  await Promise.all(inflight);
  return fellBehind;
}

/** A job worker as its own process (`npm run worker`'s entry, run by node directly so a signal reaches it). */
export function startWorkerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "jobs/main.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes('"worker":"started"') && resolve(child));
    child.on("exit", (code, signal) => reject(new Error(`worker exited with ${code ?? signal}`)));
  });
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** mulberry32: a small seeded generator in [0, 1), so a run's random choices can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sentences like the facts people note about contacts, for benchmarks that embed text (the encoder's input). */
const PEOPLE = ["Ana", "Bruno", "Chloé", "Dmitri", "Esther", "Farid", "Grace", "Hiro", "Inês", "Jonas"];
const FACT_PHRASES = [
  "pays invoices on the {n}th of the month",
  "prefers calls before {n} in the morning",
  "asked for the quote for {n} units to be resent",
  "is travelling to Porto for {n} days next week",
  "wants the contract renewal moved to week {n}",
  "has {n} people on the team that uses the product",
  "mentioned the delivery was {n} days late again",
  "will confirm the order after the meeting on the {n}th",
];

/** The i-th sentence: a person, a phrase (the `phrase`-th, wrapped) with its number `n` (1 to 28), and i. */
export function factSentence(i: number, person: number, phrase: number, n: number): string {
  const text = FACT_PHRASES[phrase % FACT_PHRASES.length]!.replace("{n}", String((n % 28) + 1));
  return `${PEOPLE[person % PEOPLE.length]} ${text} (${i}).`;
}

/** A seeded world's first bot (established) as the bot API's wrapper would give it to a service, for benchmarks that
 * call lib's services directly. */
export function seededBotPrincipal(world: SeededWorld): BotPrincipal {
  const helper = world.bots[0]!;
  return {
    id: helper.id,
    handle: helper.handle,
    name: helper.name,
    workspaceId: world.workspace.id,
    keyId: "bench",
    scopes: [],
    status: "active",
  };
}

/**
 * The built app started again on the data folder an earlier `startApp` left (its database and demo kept), as after a
 * deploy or a reboot, its launcher and app server fresh; resolves once `ready()` holds (bench:steady's cold round:
 * GET /api/ready answers 200). startBuiltServer empties the folder it is given, so it is given a spare one, and the
 * kept folder goes as DATA_DIR (its `env` is applied last).
 */
export async function restartApp(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  ready: () => Promise<boolean>;
}): Promise<StartedApp> {
  const server = await startBuiltServer({
    port: options.port,
    dataDir: `${options.dataDir}-spare`,
    env: { BENCH_ROUTES: "1", ...options.env, DATA_DIR: options.dataDir },
    ready: options.ready,
    timeoutMs: 120_000,
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    dataDir: options.dataDir,
    process: server.process,
    stop: server.stop,
  };
}
