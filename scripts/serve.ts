import { spawn } from "node:child_process";
import path from "node:path";
import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { recordServerSettings, serverLoopbackSetting } from "@/lib/deployment/settings";
import { ensureDemo } from "@/lib/seed/ensure-demo";
import { env } from "@/lib/env";
import { nextAuthEnvironment } from "@/lib/auth/next-auth-environment";
import { startWorker } from "@/jobs/worker";
import { log } from "@/lib/log";

// `npm start` / `npm run dev`: resolves the database (DATABASE_URL, or the embedded server in DATA_DIR, started
// here if no other process has), applies migrations, seeds the demo on first start, then runs Next with
// DATABASE_URL set. The embedded server lives as long as this process, and so does the job worker that delivers
// webhooks (RUN_WORKER=false leaves that to `npm run worker` processes). The environment is checked first: a bad
// variable stops here, named, before anything starts (lib/env.ts).

const mode = process.argv[2] === "dev" ? "dev" : "start";

async function main() {
  const config = env();
  const ready = await prepareDatabase({ log: () => {} });
  if (ready.embedded) log().info({ port: ready.embedded.port, state: ready.embedded.owned ? "started" : "already running", data: path.join(config.DATA_DIR, "postgres") }, "embedded PostgreSQL");
  if (ready.migrationsApplied.length) log().info({ migrations: ready.migrationsApplied }, "applied migrations");
  const demo = await ensureDemo();
  if (demo) {
    log().info({ workspace: demo.workspace.slug, credentials: path.join(config.DATA_DIR, "demo-credentials.json") }, "seeded the demo workspace");
    for (const p of demo.people) log().info({ email: p.email, password: p.password }, "demo person");
    for (const b of demo.bots) log().info({ handle: b.handle, api_key: b.api_key }, "demo bot");
  }
  // Every process of the deployment (this one's worker, other workers, the CLI) reads the setting this server records.
  const loopback = serverLoopbackSetting({ variable: config.ALLOW_LOOPBACK_WEBHOOKS, embedded: !!ready.embedded, mode });
  await recordServerSettings(loopback);
  log().info({ allowed: loopback.allow, recorded_by: loopback.recordedBy }, "webhooks over http to loopback");
  await disconnectDb();
  const worker = config.RUN_WORKER === "true" ? await startWorker({ databaseUrl: ready.url, concurrency: config.WORKER_CONCURRENCY }) : null;

  const nextBin = path.resolve("node_modules/next/dist/bin/next");
  // SERVER_NODE_ARGS: extra flags for the server's Node process (e.g. --cpu-prof when profiling a benchmark).
  const nodeArgs = config.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // The server inherits this environment, plus the database resolved here and next-auth's origin rule.
  const child = spawn(process.execPath, [...nodeArgs, nextBin, mode, "--port", String(config.PORT)], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: ready.url, NEXT_TELEMETRY_DISABLED: "1", ...nextAuthEnvironment(config) },
  });
  const stop = async (code: number) => {
    await worker?.stop().catch(() => {});
    await disconnectDb().catch(() => {});
    if (ready.embedded?.owned) await ready.embedded.stop().catch(() => {});
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      child.kill(signal);
    });
  }
  child.on("exit", (code) => void stop(code ?? 0));
}

main().catch((error) => {
  console.error(`[relay] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
