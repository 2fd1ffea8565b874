import os from "node:os";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { refuseHostileValues } from "@/lib/text/hostile-text";
import { endPool, handleIdleErrors } from "./pool-errors";
import { env } from "@/lib/env";
import { closeListener } from "./listener";
import { databaseUrl } from "./url";
import { log } from "@/lib/log";
import { processSlot } from "@/lib/process-singleton";

// One Prisma client per process (lib/process-singleton.ts: Next's dev reloads and bundles share it), on a node-postgres
// pool through @prisma/adapter-pg, on the database of lib/db/url.ts: `npm start` (scripts/serve.ts) resolves the
// embedded default before Next starts and hands it to Next as DATABASE_URL; the CLI, the worker and the tests select
// theirs (lib/db/setup.ts, test/setup-db.ts).

type Db = PrismaClient;
// The Prisma client is made on the first db(), not with the pool: the server's warm-up (lib/http/warm-up.ts) opens the
// pool from instrumentation.ts's bundle, whose copies of this module's imports are not the routes' (an ApiError the
// text net threw from that copy would not be the routes' ApiError), so the client must come from the routes' bundle.
const current = processSlot<{ url: string; db?: Db; pool: pg.Pool }>("__relayDb");

/** The process's pool on the selected database, opened when there is none on it yet. */
function opened() {
  const url = databaseUrl();
  if (!url)
    throw new Error("DATABASE_URL is not set: start the app with `npm start` (it starts the embedded database)");
  const open = current.get();
  if (open?.url === url) return open;
  const pool = handleIdleErrors(new pg.Pool({ connectionString: url, max: poolSize() }), (message) =>
    log().error({ detail: message }, "database pool error"),
  );
  const made: { url: string; db?: Db; pool: pg.Pool } = { url, pool };
  current.set(made);
  return made;
}

export function db(): Db {
  const open = opened();
  return (open.db ??= prismaOver(open.pool));
}

/** A Prisma client over a node-postgres pool, under the text rule's net: the process's, or a read replica's. */
export function prismaOver(pool: pg.Pool): Db {
  return withTextNet(new PrismaClient({ adapter: new PrismaPg(pool) }));
}

/**
 * The text rule's last net (lib/text/hostile-text.ts) on every Prisma operation, models' and raw SQL's alike, in
 * and out of transactions: a NUL or an unpaired surrogate in its arguments is 422 `invalid_body` before a statement
 * is built. A query extension changes no types, so the extended client is still a PrismaClient to its callers.
 */
function withTextNet(client: PrismaClient): PrismaClient {
  return client.$extends({
    query: {
      $allOperations({ args, query }) {
        refuseHostileValues([rawValues(args)]);
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
}

/**
 * What an operation's arguments hold: plain data for models' operations and `$queryRawUnsafe(text, ...values)`; a
 * `Sql` object (its `values` beside its `strings`) for a tagged `$queryRaw\`...\`` or `$executeRaw\`...\``.
 */
function rawValues(args: unknown): unknown {
  const values = args !== null && typeof args === "object" ? (args as { values?: unknown }).values : undefined;
  return !Array.isArray(args) && Array.isArray(values) ? values : args;
}

/**
 * Connections per process: DB_POOL_SIZE, else two per CPU core and four more (8 on a 2-core machine). More
 * connections than the server has cores to run them only add contention: on the send benchmark a pool of 20 cost
 * PostgreSQL 1.0 ms of CPU per send against 0.8 ms with 4 or 8 (docs/decisions/013). Requests wait their turn for
 * a connection in the process instead.
 */
export function poolSize(configured: number | undefined = env().DB_POOL_SIZE): number {
  return configured ?? 2 * os.availableParallelism() + 4;
}

/** The node-postgres pool under the Prisma client, for plain SQL on the hot path (lib/db/sql.ts). */
export function pool(): pg.Pool {
  return opened().pool;
}

export async function disconnectDb(): Promise<void> {
  await closeListener();
  const open = current.get();
  current.set(undefined);
  if (open) {
    await open.db?.$disconnect();
    await endPool(open.pool).catch(() => {});
  }
}

export type { Db };
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
