import path from "node:path";
import pg from "pg";
import { env } from "@/lib/env";
import { ensureEmbeddedPostgres, embeddedUrl, type EmbeddedServer } from "./embedded";
import { applyMigrations } from "./migrate";
import { selectDatabase } from "./url";
import { pgSql, query, sql as poolSql, type Sql } from "./sql";

// Resolves the database a process should use and brings its schema up to date:
// DATABASE_URL when set, else the embedded server in DATA_DIR (started if no process has started it yet).

export const EMBEDDED_DATABASE = "relay";

export interface ReadyDatabase {
  url: string;
  /** The direct URL (DATABASE_DIRECT_URL) when `url` is a transaction-mode pooler's, else `url`: for migrations,
   * LISTEN and the job runner (lib/db/url.ts). */
  directUrl: string;
  embedded: EmbeddedServer | null;
  migrationsApplied: string[];
}

export interface CreateDatabaseOptions {
  /** The database's name. */
  name: string;
  /** The database it is copied from, when not the server's default template. */
  template?: string;
}

/** Creates database `name` on the server of `adminUrl` unless it exists (another process may create it meanwhile). */
export async function createDatabaseIfMissing(
  adminUrl: string,
  { name, template }: CreateDatabaseOptions,
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return;
    const from = template ? ` TEMPLATE "${template}"` : "";
    await client.query(`CREATE DATABASE "${name}"${from}`).catch((error: { code?: string }) => {
      if (error.code !== "42P04") throw error; // created meanwhile by another process
    });
  } finally {
    await client.end();
  }
}

export async function prepareDatabase(options: { log?: (line: string) => void } = {}): Promise<ReadyDatabase> {
  const config = env();
  let url = config.DATABASE_URL;
  let embedded: EmbeddedServer | null = null;
  if (!url) {
    embedded = await ensureEmbeddedPostgres(path.join(config.DATA_DIR, "postgres"), options.log);
    await createDatabaseIfMissing(embedded.adminUrl, { name: EMBEDDED_DATABASE });
    url = embeddedUrl({ port: embedded.port, database: EMBEDDED_DATABASE, socketDir: embedded.socketDir });
  }
  const directUrl = (!embedded && config.DATABASE_DIRECT_URL) || url;
  const { applied } = await applyMigrations(directUrl);
  if (embedded) await settleEmbedded(url);
  selectDatabase(url, { direct: directUrl });
  return { url, directUrl, embedded, migrationsApplied: applied };
}

const SETTLE_EMBEDDED = query("deployment.settleEmbedded", {
  text: `UPDATE deployment_settings SET allow_loopback_webhooks = true, recorded_by = 'embedded', updated_at = now()
    WHERE recorded_by = 'default'`,
});

/**
 * A fresh embedded database is a local install: it allows loopback webhooks until an app server records its own
 * setting (lib/deployment/settings.ts, which reads the row and records the server's).
 */
export async function settleEmbeddedDefaults(client: Sql = poolSql()): Promise<void> {
  await client.query(SETTLE_EMBEDDED);
}

async function settleEmbedded(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await settleEmbeddedDefaults(pgSql(pool));
  } finally {
    await pool.end();
  }
}
