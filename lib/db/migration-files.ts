import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The migrations this build ships (prisma/migrations/<name>/migration.sql), in order: applied by lib/db/migrate.ts,
// compared with the applied ones by GET /api/ready (lib/health/readiness.ts), which must not load the job queue.

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string; checksum: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}
