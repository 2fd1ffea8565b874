import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { createDatabaseIfMissing } from "@/lib/db/setup";
import { disconnectDb } from "@/lib/db/client";
import { selectDatabase } from "@/lib/db/url";
import { pooledUrl } from "./pgbouncer";

// Each integration test file gets its own database, copied from the migrated template: files run in parallel
// without seeing each other's rows, and nothing is mocked.
const TEMPLATE_DATABASE = "relay_template";

beforeAll(async () => {
  const adminUrl = inject("adminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await createDatabaseIfMissing(adminUrl, { name, template: TEMPLATE_DATABASE });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The `pooler` project (test/pooler-global-setup.ts): the app's pool goes through PgBouncer, its sessions direct.
  const poolerPort = inject("poolerPort");
  const pooled = poolerPort ? pooledUrl(url.toString(), poolerPort) : url.toString();
  selectDatabase(pooled, { direct: url.toString() }); // what the app's code connects to (lib/db/url.ts)
  // For tests that start a worker or a CLI process on it.
  process.env.DATABASE_URL = pooled;
  if (poolerPort) process.env.DATABASE_DIRECT_URL = url.toString();
});

afterAll(async () => {
  await disconnectDb();
});
