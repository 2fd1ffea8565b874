import { randomBytes } from "node:crypto";
import pg from "pg";
import { disconnectDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { createDatabaseIfMissing } from "@/lib/db/setup";
import { selectDatabase } from "@/lib/db/url";

// A test file's own database on the server PGVECTOR_TEST_URL names (a PostgreSQL with pgvector:
// `PGVECTOR_TEST_URL=$(npx tsx scripts/pgvector-server.ts start)`), in place of the embedded one test/setup-db.ts
// chose: made, migrated (the migration creates the extension) and selected for the file's code; `drop` removes it.

/** Why a pgvector test was skipped, for its title. */
export const PGVECTOR_SKIP_REASON =
  "skipped: set PGVECTOR_TEST_URL to a PostgreSQL with pgvector (npx tsx scripts/pgvector-server.ts start)";

export interface PgvectorDatabase {
  name: string;
  drop(): Promise<void>;
}

export async function openPgvectorDatabase(adminUrl: string, prefix: string): Promise<PgvectorDatabase> {
  await disconnectDb();
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await createDatabaseIfMissing(adminUrl, { name });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  selectDatabase(url.toString());
  await applyMigrations(url.toString());
  return {
    name,
    async drop() {
      await disconnectDb();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
