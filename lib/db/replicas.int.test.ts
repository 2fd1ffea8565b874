import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadEnv } from "@/lib/env";
import { metrics } from "@/lib/metrics/registry";
import { replicaPairMissing, startReplicaPair, type ReplicaPair } from "@/test/replica-pair";
import { disconnectDb } from "./client";
import { closeReplicas, lsnValue, onReplica, walPosition } from "./replicas";
import { selectDatabase } from "./url";

// Reads from a real streaming replica (the machine's PostgreSQL 15: a primary and a replica made by pg_basebackup):
// read-your-writes by WAL position, replay paused (reads move to the primary), the replica killed (skipped, no error).

const missing = replicaPairMissing();
let pair: ReplicaPair;
let primary: pg.Client;
let replica: pg.Client;

/** Where the read ran: the server's own answer (a replica is in recovery). */
const whereRead = (after: string | null) =>
  onReplica(async (sql) => {
    const [row] = await sql.unchecked<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby");
    return row!.standby ? "replica" : "primary";
  }, { after });

const counted = async (name: "relay_db_reads_total" | "relay_db_read_fallbacks_total", label: string) => {
  const metric = await (name === "relay_db_reads_total" ? metrics().databaseReads : metrics().databaseReadFallbacks).get();
  return metric.values.filter((v) => Object.values(v.labels).includes(label)).reduce((sum, v) => sum + v.value, 0);
};

beforeAll(async () => {
  if (missing) return;
  pair = await startReplicaPair();
  await disconnectDb();
  selectDatabase(pair.primaryUrl);
  process.env.DATABASE_READ_URLS = pair.replicaUrl;
  process.env.DATABASE_READ_WAIT_MS = "200";
  process.env.DATABASE_READ_MAX_LAG_MS = "1000";
  reloadEnv();
  primary = new pg.Client({ connectionString: pair.primaryUrl });
  replica = new pg.Client({ connectionString: pair.replicaUrl });
  await primary.connect();
  await replica.connect();
  await primary.query("CREATE TABLE notes (id serial PRIMARY KEY, body text)");
}, 60_000);

afterAll(async () => {
  await closeReplicas();
  await disconnectDb();
  await primary?.end().catch(() => {});
  await replica?.end().catch(() => {});
  pair?.stop();
  delete process.env.DATABASE_READ_URLS;
  delete process.env.DATABASE_READ_WAIT_MS;
  delete process.env.DATABASE_READ_MAX_LAG_MS;
  reloadEnv();
});

describe.skipIf(missing)(`reads from a streaming replica${missing ? ` (${missing})` : ""}`, () => {
  it("reads each write back on the replica once it has replayed the write's WAL position", async () => {
    const before = await counted("relay_db_reads_total", "replica");
    for (let i = 0; i < 200; i++) {
      await primary.query("INSERT INTO notes (body) VALUES ($1)", [`note ${i}`]);
      const after = await walPosition();
      const seen = await onReplica(
        async (sql) => (await sql.unchecked<{ n: number }>("SELECT count(*)::int AS n FROM notes WHERE body = $1", [`note ${i}`]))[0]!.n,
        { after },
      );
      expect(seen).toBe(1);
    }
    // Most of them ran on the replica (a read whose write was not replayed within 200 ms reads on the primary).
    expect((await counted("relay_db_reads_total", "replica")) - before).toBeGreaterThan(150);
  });

  it("reads on the primary while the replica's replay is paused, and on the replica again once it resumes", async () => {
    await replica.query("SELECT pg_wal_replay_pause()");
    try {
      await primary.query("INSERT INTO notes (body) VALUES ('while paused')");
      const after = await walPosition();
      const fallbacks = await counted("relay_db_read_fallbacks_total", "behind");
      const started = Date.now();
      expect(await whereRead(after)).toBe("primary");
      expect(Date.now() - started).toBeGreaterThanOrEqual(190); // it waited its bound first
      expect((await counted("relay_db_read_fallbacks_total", "behind")) - fallbacks).toBe(1);
    } finally {
      await replica.query("SELECT pg_wal_replay_resume()");
    }
    await primary.query("INSERT INTO notes (body) VALUES ('resumed')");
    expect(await whereRead(await walPosition())).toBe("replica");
  });

  it("skips a paused replica that lags more than allowed, for reads that need nothing of it too", async () => {
    await replica.query("SELECT pg_wal_replay_pause()");
    try {
      for (let i = 0; i < 5; i++) await primary.query("INSERT INTO notes (body) VALUES ('lagging')");
      await new Promise((resolve) => setTimeout(resolve, 1_300)); // past DATABASE_READ_MAX_LAG_MS
      await new Promise((resolve) => setTimeout(resolve, 300)); // past the probe's trust
      expect(await whereRead(null)).toBe("primary");
      expect(await counted("relay_db_read_fallbacks_total", "lagging")).toBeGreaterThan(0);
    } finally {
      await replica.query("SELECT pg_wal_replay_resume()");
    }
  });

  it("answers every read while the replica is killed and started again, from the primary meanwhile", async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await whereRead(null)).toBe("replica");
    await replica.end().catch(() => {});
    const fallbacks = async () =>
      (await counted("relay_db_read_fallbacks_total", "failed")) + (await counted("relay_db_read_fallbacks_total", "down"));
    const before = await fallbacks();
    pair.killReplica();
    const where: string[] = [];
    for (let i = 0; i < 20; i++) where.push(await whereRead(null));
    expect(where).toEqual(Array(20).fill("primary"));
    // The first read found the replica gone (its read failed, or its probe did); the others skipped it.
    expect((await fallbacks()) - before).toBe(20);
    pair.startReplica();
  });

  it("compares WAL positions as numbers", () => {
    expect(lsnValue("0/16B3748") < lsnValue("0/16B3750")).toBe(true);
    expect(lsnValue("1/0") > lsnValue("0/FFFFFFFF")).toBe(true);
    expect(() => lsnValue("nonsense")).toThrow(/not a WAL position/);
  });
});
