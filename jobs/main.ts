import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/setup";
import { env } from "@/lib/env";
import { startWorker } from "./worker";
import { log } from "@/lib/log";
import { recordedJobsEngine } from "@/lib/jobs/engine";

// `npm run worker`: a job worker as its own process, for scaling out beside the app (which runs one too, unless
// started with RUN_WORKER=false). It finds the database the way the app does.

async function main() {
  const { WORKER_CONCURRENCY, SHUTDOWN_TIMEOUT_MS, JOBS_ENGINE } = env(); // a bad variable stops the worker here, named (lib/env.ts)
  const ready = await prepareDatabase();
  // The app server records the deployment's engine (scripts/serve.ts); a worker that disagrees runs the wrong half.
  const recorded = await recordedJobsEngine();
  if (recorded !== JOBS_ENGINE) {
    log().error({ worker_engine: JOBS_ENGINE, recorded_engine: recorded }, "JOBS_ENGINE differs from the app server's: jobs enqueued for the recorded engine are not run by this worker");
  }
  const worker = await startWorker({
    databaseUrl: ready.directUrl, // the job runner LISTENs and prepares: never through a pooler
    concurrency: WORKER_CONCURRENCY,
    shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS,
    preloadEncoder: true,
  });
  log().info({ worker: "started", concurrency: WORKER_CONCURRENCY, engine: JOBS_ENGINE }, "worker started");
  // SIGTERM / SIGINT: no new jobs; running ones get SHUTDOWN_TIMEOUT_MS to finish, then are failed back to the queue
  // (unlocked, retried by another worker); the embedded database, if this process started it, stops last. Exit 0.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log().info({ worker: "stopping", signal, timeout_ms: SHUTDOWN_TIMEOUT_MS }, "worker stopping");
    await worker.stop();
    await disconnectDb();
    if (ready.embedded?.owned) await ready.embedded.stop();
    log().info({ worker: "stopped" }, "worker stopped");
    process.exit(0);
  };
  process.on("SIGINT", (signal) => void stop(signal));
  process.on("SIGTERM", (signal) => void stop(signal));
}

main().catch((error: Error) => {
  console.error(`[relay worker] could not start: ${error.message}`);
  process.exit(1);
});
