import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureEmbeddedPostgres, type EmbeddedServer } from "@/lib/db/embedded";
import { applyMigrations } from "@/lib/db/migrate";
import { createDatabaseIfMissing } from "@/lib/db/setup";

// One PostgreSQL for the whole run: TEST_DATABASE_URL's server when given, else a fresh embedded one in a
// temporary folder. A template database is migrated once; every test file then copies it (test/setup-db.ts).

export const TEMPLATE_DATABASE = "relay_template";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

let server: EmbeddedServer | null = null;
let folder: string | null = null;

export async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    folder = mkdtempSync(path.join(os.tmpdir(), "relay-test-pg-"));
    server = await ensureEmbeddedPostgres(path.join(folder, "data"));
    adminUrl = server.adminUrl;
  }
  const template = new URL(adminUrl);
  template.pathname = `/${TEMPLATE_DATABASE}`;
  await dropDatabase(adminUrl, TEMPLATE_DATABASE);
  await createDatabaseIfMissing(adminUrl, { name: TEMPLATE_DATABASE });
  await applyMigrations(template.toString());
  await allowLoopbackWebhooks(template.toString());
  project.provide("adminUrl", adminUrl);
}

export async function teardown() {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
}

/** Tests are a local install: bots on this machine receive webhooks over http (lib/deployment/settings.ts). */
async function allowLoopbackWebhooks(url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("UPDATE deployment_settings SET allow_loopback_webhooks = true, recorded_by = 'embedded'");
  await client.end();
}

async function dropDatabase(adminUrl: string, name: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}
