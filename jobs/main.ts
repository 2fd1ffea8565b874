import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/setup";
import { env } from "@/lib/env";
import { startWorker } from "./worker";
import { log } from "@/lib/log";

// `npm run worker`: a job worker as its own process, for scaling out beside the app (which runs one too, unless
// started with RUN_WORKER=false). It finds the database the way the app does.

async function main() {
  const { WORKER_CONCURRENCY } = env(); // a bad variable stops the worker here, named (lib/env.ts)
  const ready = await prepareDatabase();
  const worker = await startWorker({ databaseUrl: ready.url, concurrency: WORKER_CONCURRENCY });
  log().info({ concurrency: WORKER_CONCURRENCY }, "worker started");
  const stop = async () => {
    await worker.stop();
    await disconnectDb();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: Error) => {
  console.error(`[relay worker] could not start: ${error.message}`);
  process.exit(1);
});
