import type { TestProject } from "vitest/node";
import { setup as setupServer, teardown as teardownServer } from "./global-setup";
import { startPgbouncer, type Pgbouncer } from "./pgbouncer";

// The `pooler` project (vitest.config.ts): the integration suite's API, chat and send paths again, through PgBouncer
// in transaction mode in front of the run's PostgreSQL (docs/decisions/043-behind-a-pooler.md). Each test file's
// database is then reached at the pooler's port, and directly for what needs a session (test/setup-db.ts).

declare module "vitest" {
  export interface ProvidedContext {
    /** The pooler's port, in the `pooler` project only. */
    poolerPort: number;
  }
}

let pgbouncer: Pgbouncer | null = null;

export async function setup(project: TestProject) {
  await setupServer(project);
  pgbouncer = await startPgbouncer({ upstreamUrl: project.getProvidedContext().adminUrl });
  project.provide("poolerPort", pgbouncer.port);
}

export async function teardown() {
  await pgbouncer?.stop();
  await teardownServer();
}
