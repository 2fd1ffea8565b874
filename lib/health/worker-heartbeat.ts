import { randomUUID } from "node:crypto";
import os from "node:os";
import { query, sql } from "@/lib/db/sql";

// A job worker's heartbeat (issue 19): each worker process has a row in worker_heartbeats, written when it starts
// and every BEAT_MS after, deleted when it stops. GET /api/ready reads the newest (lib/health/readiness.ts). A row
// per worker rather than one shared row: several workers share one database, and an operator can see which beat.

export const BEAT_MS = 15_000;
/** A worker whose row is older than this is not counted as alive (GET /api/ready). */
export const HEARTBEAT_FRESH_SECONDS = 60;

const BEAT = query("health.beat", {
  text: `INSERT INTO worker_heartbeats (worker_id, pid, host) VALUES ($1, $2, $3)
   ON CONFLICT (worker_id) DO UPDATE SET beat_at = CURRENT_TIMESTAMP`,
});
// Rows of workers killed without a goodbye go once a day old: the table stays as small as the fleet.
const FORGET_DEAD = query("health.forget_dead_workers", {
  text: `DELETE FROM worker_heartbeats WHERE beat_at < now() - interval '1 day'`,
});
const GOODBYE = query("health.worker_goodbye", { text: `DELETE FROM worker_heartbeats WHERE worker_id = $1` });

export interface Heartbeat {
  workerId: string;
  stop(): Promise<void>;
}

/** Beats now and every BEAT_MS until stopped; a failed beat is logged and the next one tries again. */
export async function startHeartbeat(log: (line: string) => void, everyMs = BEAT_MS): Promise<Heartbeat> {
  const workerId = randomUUID();
  const beat = async () => {
    await sql().query(BEAT, [workerId, process.pid, os.hostname()]);
    await sql().query(FORGET_DEAD);
  };
  await beat();
  const timer = setInterval(
    () => void beat().catch((error: Error) => log(`worker heartbeat failed: ${error.message}`)),
    everyMs,
  );
  timer.unref();
  return {
    workerId,
    async stop() {
      clearInterval(timer);
      await sql()
        .query(GOODBYE, [workerId])
        .catch(() => {});
    },
  };
}
