import { shippedMigrationNames } from "./shipped-migrations";
import { query, sql } from "@/lib/db/sql";
import { log } from "@/lib/log";
import { HEARTBEAT_FRESH_SECONDS } from "./worker-heartbeat";
import { warmingCheck } from "./warming";

// GET /api/ready's checks (issue 19), in order, each stopping the next: this process's warm-up has ended
// (lib/health/warming.ts; read from memory, so a probe during it costs no connection of the pool it is opening); the
// database answers; every migration in prisma/migrations is applied; a job worker beat within a minute
// (lib/health/worker-heartbeat.ts). Two statements.

export type CheckName = "warming" | "database" | "migrations" | "worker";

export interface Readiness {
  ready: boolean;
  /** Each check run, in order: ok, or why not. Checks after the first failure are not run. */
  checks: { name: CheckName; ok: boolean; detail: string }[];
}

const APPLIED = query("health.applied_migrations", {
  text: `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
});
const NEWEST_BEAT = query("health.newest_beat", {
  text: `SELECT count(*)::int AS workers, extract(epoch FROM now() - max(beat_at))::float8 AS age_seconds
     FROM worker_heartbeats WHERE beat_at > now() - make_interval(secs => $1)`,
  notNull: ["workers"],
});

/** A probe must answer: a database that does not answer within this is a failed check, not a hung request. */
const CHECK_TIMEOUT_MS = 3_000;
const timed = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);

let expected: string[] | undefined;
/** The migrations this build ships, read once per process. */
const expectedMigrations = () => (expected ??= shippedMigrationNames());

export async function checkReadiness(): Promise<Readiness> {
  const checks: Readiness["checks"] = [];
  const fail = (name: CheckName, detail: string): Readiness => {
    checks.push({ name, ok: false, detail });
    return { ready: false, checks };
  };
  const warm = warmingCheck();
  if (!warm.ok) return fail("warming", warm.detail);
  checks.push({ name: "warming", ...warm });
  let applied: Set<string>;
  try {
    applied = new Set((await timed(sql().query(APPLIED))).map((row) => row.migration_name));
  } catch (error) {
    // The reason stays in the server's log: the answer is public.
    log().error({ err: (error as Error).message }, "readiness: database unreachable");
    return fail("database", "unreachable");
  }
  checks.push({ name: "database", ok: true, detail: "reachable" });
  const missing = expectedMigrations().filter((name) => !applied.has(name));
  const shipped = expectedMigrations().length;
  if (missing.length) return fail("migrations", `${shipped - missing.length} of ${shipped} applied`);
  checks.push({ name: "migrations", ok: true, detail: `${shipped} of ${shipped} applied` });
  let beat: { workers: number; age_seconds: number | null } | undefined;
  try {
    [beat] = await timed(sql().query(NEWEST_BEAT, [HEARTBEAT_FRESH_SECONDS]));
  } catch (error) {
    log().error({ err: (error as Error).message }, "readiness: heartbeats unreadable");
    return fail("worker", "heartbeats unreadable");
  }
  if (!beat?.workers) return fail("worker", `no job worker beat within ${HEARTBEAT_FRESH_SECONDS} s`);
  checks.push({
    name: "worker",
    ok: true,
    detail: `${beat.workers} alive, newest beat ${Math.round(beat.age_seconds ?? 0)} s ago`,
  });
  return { ready: true, checks };
}
