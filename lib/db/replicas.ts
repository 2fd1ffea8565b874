import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processSingleton } from "@/lib/process-singleton";
import { db, prismaOver, type Db } from "./client";
import { handleIdleErrors } from "./pool-errors";
import { pgSql, query, runWithoutWaitingForDisk, sql as primarySql, statement, type Sql } from "./sql";

// Reads from streaming replicas (issue 37, item 1; docs/decisions/044-read-replicas.md). DATABASE_READ_URLS names them;
// `onReplica` runs a read there when one can answer it, else on the primary, and never fails because of a replica:
// - read your own writes: a caller that wrote passes the WAL position of its commit (`walPosition`), and a replica
//   is used only once it has replayed that far; it is waited for up to DATABASE_READ_WAIT_MS, then the primary reads;
// - a replica that is down (a connection or a probe failed) is skipped for DOWN_MS, then probed again; one that lags
//   more than DATABASE_READ_MAX_LAG_MS behind what it has received (replay paused, or too slow) is skipped until it
//   catches up;
// - a read that fails on a replica for a reason of the replica's (its connection) runs once more on the primary.
// Each replica is probed at most once every PROBE_MS (its replay position and lag), in the request that needs it.

/** How long a probe's answer is trusted. */
const PROBE_MS = 250;
/** How long a replica that failed is left alone. */
const DOWN_MS = 5_000;
/** How often a caller waiting for a replica to replay its write asks again. */
const POLL_MS = 5;
/** A replica's connections: reads only, few. */
const REPLICA_POOL_SIZE = 4;
/**
 * How long a read waits for a replica's answer before it is the replica's fault (and runs on the primary): a replica
 * cut off without a reset (a network partition) would otherwise hold the request until the kernel gives up.
 */
const REPLICA_QUERY_TIMEOUT_MS = 10_000;

interface Replica {
  /** Its place in DATABASE_READ_URLS: the metrics' label (never the URL, which holds a password). */
  name: string;
  pool: pg.Pool;
  /** The Prisma client over `pool`, made on the first read that needs one (`readDb`). */
  prisma?: Db;
  replayed: bigint | null;
  lagMs: number;
  probedAt: number;
  downUntil: number;
}

const state = processSingleton("__relayReplicas", () => ({
  urls: "",
  replicas: [] as Replica[],
  next: 0,
  reads: { replica: 0, primary: 0 },
  /** Reads that waited for a replica to replay the caller's write, and got it within the bound. */
  waited: 0,
  fallbacks: {} as Record<string, number>,
}));

/** What the read replicas' metrics say at a scrape (lib/metrics/registry.ts reads it); undefined with no replicas. */
export interface ReplicaStats {
  /** Counts only grow. */
  reads: Record<"replica" | "primary", number>;
  /** Reads on a replica that first waited for it to replay the caller's write. */
  waited: number;
  fallbacks: Record<string, number>;
  /** A replica that is down, or not probed yet, has no lag. */
  lags: { replica: string; lagSeconds: number | null }[];
}

export function replicaStats(): ReplicaStats | undefined {
  if (state.replicas.length === 0) return undefined;
  return {
    reads: state.reads,
    waited: state.waited,
    fallbacks: state.fallbacks,
    lags: state.replicas.map((r) => ({ replica: r.name, lagSeconds: lagSeconds(r) })),
  };
}

function count(target: "replica" | "primary", fallback?: Why) {
  state.reads[target]++;
  if (fallback) state.fallbacks[fallback] = (state.fallbacks[fallback] ?? 0) + 1;
}

function replicas(): Replica[] {
  const urls = env().DATABASE_READ_URLS ?? [];
  if (state.urls !== urls.join(",")) {
    for (const replica of state.replicas) void close(replica);
    state.urls = urls.join(",");
    state.replicas = urls.map((url, i) => ({
      name: String(i),
      pool: handleIdleErrors(
        new pg.Pool({
          connectionString: url,
          max: REPLICA_POOL_SIZE,
          connectionTimeoutMillis: 1_000,
          query_timeout: REPLICA_QUERY_TIMEOUT_MS,
          keepAlive: true,
        }),
        (message) => log().warn({ replica: i, detail: message }, "read replica pool error"),
      ),
      replayed: null,
      lagMs: 0,
      probedAt: 0,
      downUntil: 0,
    }));
  }
  return state.replicas;
}

const lagSeconds = (replica: Replica) =>
  replica.downUntil > Date.now() || replica.replayed === null ? null : replica.lagMs / 1000;

/** A WAL position (`0/16B3748`) as a number, to compare. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  if (!high || !low || !/^[0-9A-F]+$/i.test(high) || !/^[0-9A-F]+$/i.test(low))
    throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** The primary's WAL position now: after a commit, a read that must see it waits for a replica to replay this far. */
export async function walPosition(sql: Sql = primarySql()): Promise<string> {
  const [row] = await sql.query(WAL_POSITION);
  return row!.lsn;
}

const WAL_POSITION = query("replicas.walPosition", {
  text: "SELECT pg_current_wal_lsn()::text AS lsn",
  notNull: ["lsn"],
});
const RECORD_WRITE = query("replicas.recordWrite", {
  text: `INSERT INTO read_positions (caller, lsn) VALUES ($1, pg_current_wal_lsn())
    ON CONFLICT (caller) DO UPDATE SET lsn = excluded.lsn, updated_at = now()`,
});
const LAST_WRITE = query("replicas.lastWrite", {
  text: "SELECT lsn::text AS lsn FROM read_positions WHERE caller = $1",
  notNull: ["lsn"],
});

/** Whether reads may go to replicas here (DATABASE_READ_URLS set): otherwise no write position is kept. */
export const replicasConfigured = (): boolean => replicas().length > 0;

/**
 * After a request of `caller` that may have written (`bot:<id>`): its position, for its next reads in any process
 * (docs/decisions/044). The primary's position now is at or past every commit the request made. Committed without
 * waiting for the disk: a crash forgets it, and the replicas are then rebuilt or behind the primary's new start.
 */
export async function recordWrite(caller: string): Promise<void> {
  if (!replicasConfigured()) return;
  await runWithoutWaitingForDisk(statement(RECORD_WRITE, [caller]));
}

/** `caller`'s position after its last write request, or null when it has written nothing the primary remembers. */
export async function lastWrite(caller: string): Promise<string | null> {
  if (!replicasConfigured()) return null;
  const [row] = await primarySql().query(LAST_WRITE, [caller]);
  return row?.lsn ?? null;
}

// What a replica has replayed, and how far its replay trails what it has received (0 when it has replayed all of it:
// an idle primary is not lag).
const PROBE = `SELECT pg_last_wal_replay_lsn()::text AS replayed,
    CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
         ELSE COALESCE(1000 * EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()), 0) END::float AS lag_ms`;

async function probe(replica: Replica): Promise<void> {
  try {
    const { rows } = await replica.pool.query<{ replayed: string | null; lag_ms: number }>(PROBE);
    const row = rows[0]!;
    if (row.replayed === null) throw new Error("not a replica: pg_last_wal_replay_lsn() is null");
    replica.replayed = lsnValue(row.replayed);
    replica.lagMs = row.lag_ms;
    replica.probedAt = Date.now();
  } catch (error) {
    markDown(replica, error);
  }
}

function markDown(replica: Replica, error: unknown) {
  if (replica.downUntil <= Date.now())
    log().warn({ replica: replica.name, err: error }, "read replica unavailable: reads go elsewhere for a while");
  replica.downUntil = Date.now() + DOWN_MS;
  replica.replayed = null;
}

type Why = "none" | "down" | "lagging" | "behind" | "failed";

/** The replica that can answer a read that must see `minimum` (null: anything), or why none can. */
async function choose(minimum: bigint | null): Promise<{ replica: Replica } | { why: Why }> {
  const all = replicas();
  if (all.length === 0) return { why: "none" };
  const start = state.next++ % all.length;
  const order = [...all.slice(start), ...all.slice(0, start)];
  const deadline = Date.now() + env().DATABASE_READ_WAIT_MS;
  let why: Why = "down";
  for (let round = 0; ; round++) {
    for (const replica of order) {
      if (replica.downUntil > Date.now()) continue;
      if (
        Date.now() - replica.probedAt >= PROBE_MS ||
        (minimum !== null && replica.replayed !== null && replica.replayed < minimum)
      )
        await probe(replica);
      if (replica.replayed === null) continue;
      if (replica.lagMs > env().DATABASE_READ_MAX_LAG_MS) {
        if (why === "down") why = "lagging";
        continue;
      }
      if (minimum === null || replica.replayed >= minimum) {
        if (round > 0) state.waited++;
        return { replica };
      }
      why = "behind";
    }
    if (why !== "behind" || Date.now() >= deadline) return { why };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Whether an error is the replica's (its connection or server going away), not the read's own. */
function replicaFault(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  // Connection exceptions, the server shutting down; through Prisma: the server unreachable, gone, or timed out.
  if (code && /^(08|57P|P1001$|P1002$|P1008$|P1017$)/.test(code)) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|timeout exceeded when trying to connect|Query read timeout|Can't reach database server|Server has closed the connection/i.test(
    message,
  );
}

export interface ReplicaReadOptions {
  /** The WAL position the read must see (the caller's last commit): null when it may read anything a replica has. */
  after: string | null;
}

/** Where a read runs: plain SQL (lib/db/sql.ts) and Prisma, on the same server. */
interface Target {
  sql: Sql;
  db: () => Db;
}

function targetOf(replica: Replica): Target {
  return { sql: pgSql(replica.pool), db: () => (replica.prisma ??= prismaOver(replica.pool)) };
}

const primary = (): Target => ({ sql: primarySql(), db });

/** `onReplica` for both ways of reading. */
async function onTarget<T>(read: (target: Target) => Promise<T>, { after }: ReplicaReadOptions): Promise<T> {
  const chosen = await choose(after === null ? null : lsnValue(after));
  if ("why" in chosen) {
    count("primary", chosen.why === "none" ? undefined : chosen.why);
    return read(primary());
  }
  try {
    const result = await read(targetOf(chosen.replica));
    count("replica");
    return result;
  } catch (error) {
    if (!replicaFault(error)) throw error;
    markDown(chosen.replica, error);
    count("primary", "failed");
    return read(primary());
  }
}

/**
 * Runs `read` on a replica that has replayed `after` and lags no more than allowed, else on the primary. A read that
 * fails on a replica because of the replica runs once more on the primary. Reads only: a replica refuses writes.
 */
export function onReplica<T>(read: (sql: Sql) => Promise<T>, options: ReplicaReadOptions): Promise<T> {
  return onTarget((target) => read(target.sql), options);
}

/** Where the reads of an async context go (`readingFromReplica`); shared by every bundle of the process. */
const reading = processSingleton("__relayReplicaReading", () => new AsyncLocalStorage<Target>());

/**
 * Runs `work` with `readSql()` and `readDb()` answering from a replica that has replayed `after` (`onReplica`'s
 * choice), or from the primary. `work` must only read: on a replica's failure it runs again, whole, on the primary.
 */
export function readingFromReplica<T>(work: () => Promise<T>, options: ReplicaReadOptions): Promise<T> {
  if (!replicasConfigured()) return work();
  return onTarget((target) => reading.run(target, work), options);
}

/**
 * Runs `work` as `readingFromReplica` does, on a replica that has replayed everything the primary had written when it
 * was called (docs/decisions/044: a person's pages, rendered again when a live event says something changed, must
 * show that change, whoever made it, and their own).
 */
export async function readingUpToNow<T>(work: () => Promise<T>): Promise<T> {
  if (!replicasConfigured()) return work();
  return readingFromReplica(work, { after: await walPosition() });
}

/** Where a read that tolerates a replica runs: the replica `readingFromReplica` chose, else the primary. */
export function readSql(): Sql {
  return reading.getStore()?.sql ?? primarySql();
}

/** `readSql` for Prisma: the chosen replica's client, else the process's (`db()`). */
export function readDb(): Db {
  return reading.getStore()?.db() ?? db();
}

/** Closes the replicas' pools (tests, shutdown). */
export async function closeReplicas(): Promise<void> {
  const open = state.replicas;
  state.replicas = [];
  state.urls = "";
  await Promise.all(open.map(close));
}

async function close(replica: Replica): Promise<void> {
  await replica.prisma?.$disconnect().catch(() => {});
  await replica.pool.end().catch(() => {});
}
