import { spawn } from "node:child_process";
import path from "node:path";
import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { recordServerSettings, serverLoopbackSetting } from "@/lib/deployment/settings";
import { ensureDemo } from "@/lib/seed/ensure-demo";
import { env } from "@/lib/env";
import { nextAuthEnvironment } from "@/lib/auth/next-auth-environment";
import { startWorker } from "@/jobs/worker";

// `npm start` / `npm run dev`: resolves the database (DATABASE_URL, or the embedded server in DATA_DIR, started
// here if no other process has), applies migrations, seeds the demo on first start, then runs Next with
// DATABASE_URL set. The embedded server lives as long as this process, and so does the job worker that delivers
// webhooks (RUN_WORKER=false leaves that to `npm run worker` processes). The environment is checked first: a bad
// variable stops here, named, before anything starts (lib/env.ts). SIGTERM / SIGINT stop it gracefully (README
// "Stopping"): the app server and the worker first, the embedded database last.

const mode = process.argv[2] === "dev" ? "dev" : "start";

async function main() {
  const config = env();
  const ready = await prepareDatabase({ log: () => {} });
  if (ready.embedded) console.log(`[relay] embedded PostgreSQL on port ${ready.embedded.port} (${ready.embedded.owned ? "started" : "already running"}, data in ${path.join(config.DATA_DIR, "postgres")})`);
  if (ready.migrationsApplied.length) console.log(`[relay] applied migrations: ${ready.migrationsApplied.join(", ")}`);
  const demo = await ensureDemo();
  if (demo) {
    console.log(`[relay] seeded the demo workspace "${demo.workspace.slug}"; credentials in ${path.join(config.DATA_DIR, "demo-credentials.json")}`);
    for (const p of demo.people) console.log(`[relay]   person ${p.email} / ${p.password}`);
    for (const b of demo.bots) console.log(`[relay]   bot @${b.handle} key ${b.api_key}`);
  }
  // Every process of the deployment (this one's worker, other workers, the CLI) reads the setting this server records.
  const loopback = serverLoopbackSetting({ variable: config.ALLOW_LOOPBACK_WEBHOOKS, embedded: !!ready.embedded, mode });
  await recordServerSettings(loopback);
  console.log(`[relay] webhooks over http to loopback: ${loopback.allow ? "allowed" : "refused"}${loopback.recordedBy === "environment" ? " (ALLOW_LOOPBACK_WEBHOOKS)" : ""}`);
  await disconnectDb();
  const worker =
    config.RUN_WORKER === "true"
      ? await startWorker({
          databaseUrl: ready.url,
          concurrency: config.WORKER_CONCURRENCY,
          shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
        })
      : null;

  const nextBin = path.resolve("node_modules/next/dist/bin/next");
  // SERVER_NODE_ARGS: extra flags for the server's Node process (e.g. --cpu-prof when profiling a benchmark).
  const nodeArgs = config.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // HOST: the listen address (unset: Next's default, every interface). HOSTNAME, which shells set, is not read.
  const listen = ["--port", String(config.PORT), ...(config.HOST ? ["--hostname", config.HOST] : [])];
  // The server inherits this environment, plus the database resolved here and next-auth's origin rule.
  const child = spawn(process.execPath, [...nodeArgs, nextBin, mode, ...listen], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: ready.url, NEXT_TELEMETRY_DISABLED: "1", ...nextAuthEnvironment(config) },
  });
  const appExited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  // The app server crashed (or was stopped from outside): stop the rest and exit with its code.
  child.once("exit", (code) => {
    if (stopping) return;
    console.error(`[relay] the app server exited (${code ?? "signal"}): stopping`);
    void stopRest().then(() => process.exit(code || 1));
  });

  const stopRest = async () => {
    await disconnectDb().catch(() => {});
    if (ready.embedded?.owned) {
      await ready.embedded.stop().catch(() => {});
      console.log("[relay] embedded PostgreSQL stopped");
    }
  };

  // SIGTERM / SIGINT (Ctrl-C): the app server stops accepting, ends its event streams with a retry hint and lets
  // in-flight requests finish (Next's own stop, lib/http/sse.ts); the worker lets running jobs finish; each within
  // SHUTDOWN_TIMEOUT_MS, then it is killed (the worker fails its late jobs back to the queue). The embedded database
  // (in a process group of its own, lib/db/embedded.ts) stops last, once nothing uses it. One line per step; exit 0.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return; // Ctrl-C's SIGINT also reaches the app server itself; once is enough
    stopping = true;
    const timeoutMs = config.SHUTDOWN_TIMEOUT_MS;
    console.log(`[relay] ${signal}: stopping (in-flight requests and jobs get ${timeoutMs} ms)`);
    const app = (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const late = setTimeout(() => {
        console.log(`[relay] the app server did not stop within ${timeoutMs} ms: killed`);
        child.kill("SIGKILL");
      }, timeoutMs);
      await appExited;
      clearTimeout(late);
      console.log("[relay] app server stopped");
    })();
    const jobs = (async () => {
      if (!worker) return;
      await worker.stop().catch((error: Error) => console.error(`[relay] job worker: ${error.message}`));
      console.log("[relay] job worker stopped");
    })();
    await Promise.all([app, jobs]);
    await stopRest();
    console.log("[relay] stopped");
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, (s) => void shutdown(s));
}

main().catch((error) => {
  console.error(`[relay] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
