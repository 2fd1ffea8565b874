import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { prepareDatabase } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { recordServerSettings, serverLoopbackSetting } from "@/lib/deployment/settings";
import { demoCredentialsFile, ensureDemo } from "@/lib/seed/ensure-demo";
import { env } from "@/lib/env";
import { nextAuthEnvironment } from "@/lib/auth/next-auth-environment";
import { startWorker } from "@/jobs/worker";
import { log, logFormat } from "@/lib/log";
import { localOrigin } from "@/lib/net/local-origin";
import { demoSignIn, startupBox } from "@/lib/terminal/startup-box";
import { recordJobsEngine } from "@/lib/jobs/engine";
import { postDemoMention, unwireDemoBots, wireDemoBots } from "@/lib/seed/demo-bots";
import { startDemoBots, type DemoBots } from "../examples/demo-bots/bots";

// `npm start` / `npm run dev`: resolves the database (DATABASE_URL, or the embedded server in DATA_DIR, started
// here if no other process has), applies migrations, seeds the demo on first start, then runs Next with
// DATABASE_URL set. The embedded server lives as long as this process, and so does the job worker that delivers
// webhooks (RUN_WORKER=false leaves that to `npm run worker` processes). The environment is checked first: a bad
// variable stops here, named, before anything starts (lib/env.ts). SIGTERM / SIGINT stop it gracefully
// (docs/guides/operators.md "Health and stopping"): the app server and the worker first, the embedded database last.

const mode = process.argv[2] === "dev" ? "dev" : "start";

async function main() {
  const config = env();
  const ready = await prepareDatabase({ log: () => {} });
  if (ready.embedded)
    log().info(
      {
        port: ready.embedded.port,
        state: ready.embedded.owned ? "started" : "already running",
        data: path.join(config.DATA_DIR, "postgres"),
      },
      "embedded PostgreSQL",
    );
  if (ready.migrationsApplied.length) log().info({ migrations: ready.migrationsApplied }, "applied migrations");
  const demo = await ensureDemo();
  if (demo) {
    log().info(
      { workspace: demo.workspace.slug, credentials: demoCredentialsFile(config.DATA_DIR) },
      "seeded the demo workspace",
    );
    for (const p of demo.people) log().info({ email: p.email, password: p.password }, "demo person");
    for (const b of demo.bots) log().info({ handle: b.handle, api_key: b.api_key }, "demo bot");
  }
  // Every process of the deployment (this one's worker, other workers, the CLI) reads the setting this server records.
  const loopback = serverLoopbackSetting({
    variable: config.ALLOW_LOOPBACK_WEBHOOKS,
    embedded: !!ready.embedded,
    mode,
  });
  await recordServerSettings(loopback);
  log().info({ allowed: loopback.allow, recorded_by: loopback.recordedBy }, "webhooks over http to loopback");
  // The job engine, likewise: every enqueueing transaction of the deployment reads it (lib/jobs/engine.ts).
  await recordJobsEngine(config.JOBS_ENGINE);
  log().info({ engine: config.JOBS_ENGINE }, "jobs engine");
  // Before the worker: the demo bots' URLs are theirs before anything is delivered.
  const demoBots = await startDemo(config, { loopback: loopback.allow, firstStart: demo !== null });
  await disconnectDb();
  const worker =
    config.RUN_WORKER === "true"
      ? await startWorker({
          databaseUrl: ready.directUrl, // the job runner LISTENs and prepares: never through a pooler
          concurrency: config.WORKER_CONCURRENCY,
          shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
          preloadEncoder: true,
        })
      : null;

  // SERVER_NODE_ARGS: extra flags for the server's Node process (e.g. --cpu-prof when profiling a benchmark).
  const nodeArgs = config.SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // `start` runs the build's standalone server through the container image's own entry (relay-server.mjs, which
  // reads PORT and HOST: docs/decisions/023-production-recipe.md), from its folder; `dev` runs `next dev`. HOST: the
  // listen address (unset: every interface). HOSTNAME, which shells set, is not read.
  const standalone = path.resolve(".next/standalone/relay-server.mjs");
  const useStandalone = mode === "start" && existsSync(standalone);
  const listen = ["--port", String(config.PORT), ...(config.HOST ? ["--hostname", config.HOST] : [])];
  const command = useStandalone ? [standalone] : [path.resolve("node_modules/next/dist/bin/next"), mode, ...listen];
  // The server inherits this environment, plus the database resolved here and next-auth's origin rule; the
  // standalone server runs in its own folder, so the local state's folders are given as absolute paths.
  const folders = {
    DATA_DIR: path.resolve(config.DATA_DIR),
    ...(config.ATTACHMENTS_DIR ? { ATTACHMENTS_DIR: path.resolve(config.ATTACHMENTS_DIR) } : {}),
  };
  const child = spawn(process.execPath, [...nodeArgs, ...command], {
    stdio: "inherit",
    env: {
      ...process.env,
      ...folders,
      DATABASE_URL: ready.url,
      DATABASE_DIRECT_URL: ready.directUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      ...nextAuthEnvironment(config),
    },
  });
  const appExited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void appUp({ config, exited: appExited }).then((up) => {
    if (!up) return;
    announce(config);
    if (demoBots && demo) void openDemo(demoBots);
  });

  // The app server crashed (or was stopped from outside): stop the rest and exit with its code.
  child.once("exit", (code) => {
    if (stopping) return;
    log().error({ code }, "the app server exited: stopping");
    void stopRest().then(() => process.exit(code || 1));
  });

  const stopRest = async () => {
    await disconnectDb().catch(() => {});
    if (ready.embedded?.owned) {
      await ready.embedded.stop().catch(() => {});
      log().info("embedded PostgreSQL stopped");
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
    log().info({ signal, timeout_ms: timeoutMs }, "stopping: in-flight requests and jobs get the timeout to finish");
    const app = (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const late = setTimeout(() => {
        log().warn({ timeout_ms: timeoutMs }, "the app server did not stop in time: killed");
        child.kill("SIGKILL");
      }, timeoutMs);
      await appExited;
      clearTimeout(late);
      log().info("app server stopped");
    })();
    const jobs = (async () => {
      if (!worker) return;
      await worker.stop().catch((error: Error) => log().error({ err: error.message }, "job worker"));
      log().info("job worker stopped");
    })();
    const bots = (async () => {
      if (!demoBots) return;
      await demoBots.close();
      log().info("the demo's bots stopped");
    })();
    await Promise.all([app, jobs, bots]);
    await stopRest();
    log().info("stopped");
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, (s) => void shutdown(s));
}

/**
 * Whether the app answered before it exited or 3 min passed, warmed up: GET /api/ready answers with any verdict but
 * `warming` (lib/health/warming.ts). Another failed check does not hold the launcher back: its worker starts beside the
 * app, or runs elsewhere (RUN_WORKER=false), and the readiness of the deployment is the balancer's business.
 */
async function appUp({ config, exited }: { config: ReturnType<typeof env>; exited: Promise<void> }) {
  let gone = false;
  void exited.then(() => (gone = true));
  const ready = `${localOrigin(config)}/api/ready`;
  const deadline = Date.now() + 180_000;
  while (!gone && Date.now() < deadline) {
    // A check of the database may take 3 s to fail (lib/health/readiness.ts).
    const up = await fetch(ready, { signal: AbortSignal.timeout(10_000) })
      .then(async (res) => res.ok || (res.status === 503 && ((await res.json()) as { failed?: string }).failed !== "warming"))
      .catch(() => false);
    if (up) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * Once the app is up: the start-up box on a terminal (the URL, the demo's sign-in, where its keys are), or a `ready`
 * line with the same facts in JSON logs.
 */
function announce(config: ReturnType<typeof env>) {
  const file = demoCredentialsFile(config.DATA_DIR);
  const signIn = config.SEED_DEMO === "true" ? demoSignIn(file) : undefined;
  const facts = { url: config.APP_URL, signIn, credentials: signIn ? file : undefined };
  if (logFormat(config.LOG_FORMAT) === "pretty") process.stdout.write(startupBox(facts));
  else log().info({ url: facts.url, sign_in: signIn?.email, credentials: facts.credentials }, "ready");
}

/**
 * The demo's bots (examples/demo-bots), when the demo is on (SEED_DEMO and DEMO_BOTS) and the server delivers to
 * loopback: started on a free port of 127.0.0.1, with the demo bots' webhook URLs pointed at them. Otherwise the URLs
 * this launcher once set are cleared, and null.
 */
async function startDemo(config: ReturnType<typeof env>, { loopback, firstStart }: { loopback: boolean; firstStart: boolean }) {
  const off = config.SEED_DEMO !== "true" ? "SEED_DEMO=false" : config.DEMO_BOTS !== "true" ? "DEMO_BOTS=false" : !loopback ? "webhooks to loopback are not allowed (ALLOW_LOOPBACK_WEBHOOKS=false)" : null;
  if (off) {
    await unwireDemoBots();
    if (config.SEED_DEMO === "true") log().info({ why: off }, "the demo's bots are off");
    return null;
  }
  const bots = await startDemoBots({
    port: 0,
    relayUrl: localOrigin(config),
    log: (line) => log().info({ demo_bot: line }, "demo bot"),
  });
  const wired = await wireDemoBots(bots.urlOf, { firstStart });
  if ("off" in wired) {
    log().warn({ why: wired.off }, "the demo's bots are off");
    await unwireDemoBots();
    await bots.close();
    return null;
  }
  bots.use(wired.bots);
  log().info({ helper: bots.urlOf("helper"), scheduler: bots.urlOf("scheduler") }, "the demo's bots are running");
  return bots;
}

/** The demo's first minute, on its first start: Ben mentions Helper, and the bots open (examples/demo-bots). */
async function openDemo(bots: DemoBots) {
  try {
    // The launcher's database pool is the worker's too from here on: it stays open.
    await postDemoMention();
    await bots.open();
  } catch (error) {
    log().error({ err: error instanceof Error ? error.message : String(error) }, "the demo's opening failed");
  }
}

main().catch((error) => {
  console.error(`[relay] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
