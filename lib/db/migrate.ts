import { randomUUID } from "node:crypto";
import pg from "pg";
import { runMigrations as runJobMigrations } from "graphile-worker";
import { jobLogger } from "./job-logger";
import { makeJobPool } from "./job-pool";
import { listMigrations, MIGRATIONS_DIR } from "./migration-files";

export { listMigrations };

// Applies prisma/migrations/<name>/migration.sql in order and records each in `_prisma_migrations` exactly as
// Prisma Migrate does, so `prisma migrate deploy` / `status` agree on a machine that has Prisma's schema engine
// (which cannot be fetched here: docs/decisions/002-sql-migrations.md). One advisory lock serialises processes.

const LOCK_ID = 72707369; // any constant: the same one in every process

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

export async function applyMigrations(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const applied: string[] = [];
    for (const migration of listMigrations(dir)) {
      const previous = done.get(migration.name);
      if (previous) {
        if (previous !== migration.checksum) {
          throw new Error(`migration ${migration.name} was edited after it was applied (checksum differs)`);
        }
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, migration.checksum, migration.name],
        );
        await client.query(migration.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
    // The job queue's own schema (graphile_worker), under the same lock: a request's transaction enqueues jobs
    // with graphile_worker.add_job(), so the schema must exist before the app serves anything.
    const jobPool = makeJobPool(databaseUrl, 1);
    try {
      await runJobMigrations({ pgPool: jobPool, logger: jobLogger });
    } finally {
      await jobPool.end();
    }
    return { applied, alreadyApplied: done.size };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    await client.end();
  }
}
