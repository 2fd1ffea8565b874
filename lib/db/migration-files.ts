import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The migrations this build ships (prisma/migrations/<name>/migration.sql), in order, with their checksums: applied by
// lib/db/migrate.ts. (GET /api/ready reads only their names, lib/health/shipped-migrations.ts, a path its bundler can
// trace.)

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
