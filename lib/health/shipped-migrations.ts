import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The names of the migrations this build ships (prisma/migrations/<name>/migration.sql), for GET /api/ready. The
 * folder is written out rather than passed (as lib/db/migration-files.ts takes it): the app server's bundler then
 * traces prisma/migrations alone into the build's output, where a path it cannot resolve makes it trace the whole
 * project.
 */
export function shippedMigrationNames(): string[] {
  if (!existsSync(path.join(process.cwd(), "prisma", "migrations"))) return [];
  return readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) => existsSync(path.join(process.cwd(), "prisma", "migrations", entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort();
}
