import path from "node:path";
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { createBot } from "@/lib/bots/create-bot";
import { createConversation } from "@/lib/conversations/create-conversation";
import { updatePolicySettings } from "@/lib/workspaces/update-policy-settings";
import { ensureDemo } from "@/lib/seed/ensure-demo";
import { person, systemActor } from "@/lib/people/actor";
import { POST } from "@/app/api/public/v1/conversations/[id]/messages/route";
import { closedLoop, fmt, sumOverProcesses, UNTHROTTLED } from "../lib";

// The send route's own cost, without Next.js or HTTP: the route handler called in this process at concurrency 16,
// with the Node CPU time each send takes. A tool for working on the send path (what a change saves), not a
// figure against the targets: those are measured over HTTP by ./run.ts. WITH_ALS=N runs each send inside N
// AsyncLocalStorage stores (Next keeps about ten); EMBEDDED_PG_STAT_STATEMENTS=1 prints the statements' own times
// and PostgreSQL's CPU by process.

const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DATA_DIR = path.join("bench", "out", "send-in-process");

async function main() {
  process.env.DATA_DIR = DATA_DIR;
  process.env.DATABASE_URL = "";
  const ready = await prepareDatabase();
  await ensureDemo();
  const world = JSON.parse(readFileSync(path.join(DATA_DIR, "demo-credentials.json"), "utf8")) as {
    workspace: { id: string };
    people: { id: string }[];
  };
  await updatePolicySettings(systemActor, {
    workspaceId: world.workspace.id,
    changes: { dailyLimit: 1_000_000, ...UNTHROTTLED },
  });
  const ana = person(world.people[0]!.id, "cli");
  const pairs: { key: string; conversation: string }[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const created = await createBot(systemActor, {
      workspaceId: world.workspace.id,
      handle: `inproc-${Date.now()}-${i}`,
      name: `In-process ${i}`,
      established: true,
    });
    const conversation = (
      await createConversation(ana, {
        workspaceId: world.workspace.id,
        title: `in-process ${i}`,
        botIds: [created.bot.id],
      })
    ).id;
    pairs.push({ key: created.apiKey, conversation });
  }
  const run = Date.now();
  const stores = Array.from(
    { length: Number(process.env.WITH_ALS ?? 0) },
    () => new AsyncLocalStorage<{ worker: number }>(),
  );
  const send = (worker: number, i: number) =>
    stores.reduce<() => Promise<number>>(
      (inner, als) => () => als.run({ worker }, inner),
      () => sendOnce(worker, i),
    )();
  const sendOnce = async (worker: number, i: number) => {
    const { key, conversation } = pairs[worker]!;
    const response = await POST(
      new Request(`http://localhost/api/public/v1/conversations/${conversation}/messages`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "idempotency-key": `ip-${run}-${worker}-${i}`,
        },
        body: JSON.stringify({ body: "bench message" }),
      }),
      { params: Promise.resolve({ id: conversation }) },
    );
    await response.text();
    return response.status;
  };
  await closedLoop(CONCURRENCY, 2, send); // warm-up
  const diag = process.env.EMBEDDED_PG_STAT_STATEMENTS ? (await import("@/lib/db/sql")).sql() : null;
  if (diag) {
    await diag.unchecked("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await diag.unchecked("SELECT pg_stat_statements_reset()");
  }
  const machine0 = machineCpuMs();
  const titles0 = diag ? new Map<string, number>() : undefined;
  const postgres0 = postgresCpuMs(titles0);
  const cpu0 = process.cpuUsage();
  const result = await closedLoop(CONCURRENCY, SECONDS, send);
  const cpu = process.cpuUsage(cpu0);
  const machine = machineCpuMs() - machine0;
  const titles = diag ? new Map<string, number>() : undefined;
  const postgres = postgresCpuMs(titles) - postgres0;
  const cpuPerSend = (cpu.user + cpu.system) / 1000 / result.requests;
  console.log(
    `in-process send: ${fmt(result.rps, 0)} sends/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, statuses ${JSON.stringify(result.statuses)}`,
  );
  console.log(
    `Node CPU per send: ${fmt(cpuPerSend, 3)} ms (user ${fmt(cpu.user / 1000 / result.requests, 3)}, system ${fmt(cpu.system / 1000 / result.requests, 3)}) on ${ready.url.includes("host=") ? "a Unix socket" : "TCP"}`,
  );
  if (diag) {
    const rows = await diag.unchecked<{ query: string; calls: number; exec: number; plan: number }>(
      `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query, calls, round((total_exec_time / calls)::numeric, 3)::float AS exec, round((total_plan_time / greatest(calls, 1))::numeric, 3)::float AS plan
       FROM pg_stat_statements WHERE calls > 100 ORDER BY total_exec_time + total_plan_time DESC LIMIT 15`,
    );
    for (const r of rows) console.log(`${String(r.calls).padStart(7)} exec ${r.exec} ms plan ${r.plan} ms  ${r.query}`);
    for (const [title, ms] of titles!) {
      const per = (ms - (titles0!.get(title) ?? 0)) / result.requests;
      if (per > 0.005) console.log(`  ${fmt(per, 3)} ms/send  ${title}`);
    }
  }
  console.log(
    `PostgreSQL CPU per send: ${fmt(postgres / result.requests, 3)} ms; whole machine: ${fmt(machine / result.requests, 3)} ms`,
  );
  await disconnectDb();
  await ready.embedded?.stop();
}

/** CPU time (ms) the machine spent busy since boot, from /proc/stat. */
function machineCpuMs(): number {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + fields[4]!;
  return ((fields.reduce((a, b) => a + b, 0) - idle) * 1000) / 100;
}

/**
 * CPU time (ms) of every PostgreSQL process now running; with `byTitle`, also per process title (client backends,
 * walwriter, autovacuum, ...), and the system part of each as "<title> (system)".
 */
function postgresCpuMs(byTitle?: Map<string, number>): number {
  const ms = (ticks: number) => (ticks * 1000) / 100;
  return sumOverProcesses(
    (cmdline) => cmdline.startsWith("postgres"),
    (pid, cmdline) => {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const [user, system] = [Number(fields[11]), Number(fields[12])];
      if (byTitle) {
        const title = cmdline
          .replace(/\d+\.\d+\.\d+\.\d+\(\d+\)|\[local\]/, "")
          .replace(/ (idle|SELECT|INSERT|COMMIT|BEGIN|UPDATE|idle in transaction)\s*$/, "")
          .trim();
        byTitle.set(title, (byTitle.get(title) ?? 0) + ms(user + system));
        byTitle.set(`${title} (system)`, (byTitle.get(`${title} (system)`) ?? 0) + ms(system));
      }
      return ms(user + system);
    },
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
