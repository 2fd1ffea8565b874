import { query, sql as poolSql, type Sql } from "@/lib/db/sql";

// Which engine runs the jobs of a deployment (docs/decisions/027-jobs-engine-inngest.md): `graphile` (graphile-worker
// in the app's database, the default) or `inngest` (Inngest functions in inngest/, fed through the job_outbox table).
// The app server records JOBS_ENGINE at start in deployment_settings, where relay_enqueue_job() reads it in every
// enqueueing transaction, so every process of the deployment (the app, workers, the CLI) enqueues for the same engine.

export const JOBS_ENGINES = ["graphile", "inngest"] as const;
export type JobsEngine = (typeof JOBS_ENGINES)[number];

const READ = query("jobs.engine", { text: "SELECT jobs_engine FROM deployment_settings" });
const RECORD = query("jobs.recordEngine", {
  text: "UPDATE deployment_settings SET jobs_engine = $1, updated_at = now()",
});

export async function recordedJobsEngine(client: Sql = poolSql()): Promise<JobsEngine> {
  const [row] = await client.query(READ);
  return row?.jobs_engine === "inngest" ? "inngest" : "graphile";
}

export async function recordJobsEngine(engine: JobsEngine, client: Sql = poolSql()): Promise<void> {
  await client.query(RECORD, [engine]);
}
