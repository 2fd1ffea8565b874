import { execFileSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@/lib/db/embedded";

// A primary and its streaming replica from the machine's PostgreSQL 15 (`initdb`, `pg_basebackup -R`, `pg_ctl`), on
// loopback ports, trusting local connections: what a managed provider's read replica is, for the tests of
// lib/db/replicas.ts and the deployment of issue 37 (docs/decisions/044-read-replicas.md). Run as root, the servers run
// as `postgres` (initdb refuses root).

export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Why a replica pair cannot be made here, or null when it can. */
export function replicaPairMissing(): string | null {
  for (const binary of ["initdb", "pg_ctl", "pg_basebackup"])
    if (!existsSync(path.join(PG_BIN, binary))) return `${path.join(PG_BIN, binary)} is not installed (PostgreSQL 15)`;
  return null;
}

export interface ReplicaPair {
  /** The maintenance database `postgres` on each (user `postgres`, no password). */
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica at once (`pg_ctl stop -m immediate`: as if it died). */
  killReplica(): void;
  /** Starts it again; it catches up from the primary. */
  startReplica(): void;
  stop(): void;
}

const asRoot = () => process.getuid?.() === 0;

function run(binary: string, args: string[]): string {
  const file = path.join(PG_BIN, binary);
  const [command, argv] = asRoot() ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  return execFileSync(command, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  const missing = replicaPairMissing();
  if (missing) throw new Error(missing);
  const folder = mkdtempSync(path.join(os.tmpdir(), "relay-replica-pair-"));
  if (asRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(folder, uid, gid);
  }
  const primary = path.join(folder, "primary");
  const replica = path.join(folder, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  run("initdb", ["-D", primary, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  appendFileSync(
    path.join(primary, "postgresql.conf"),
    [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      "wal_level = replica",
      "max_wal_senders = 4",
      "hot_standby = on",
      "fsync = off",
      "",
    ].join("\n"),
  );
  appendFileSync(path.join(primary, "pg_hba.conf"), "host replication all 127.0.0.1/32 trust\n");
  const start = (data: string) => run("pg_ctl", ["start", "-w", "-D", data, "-l", path.join(data, "server.log")]);
  start(primary);
  run("pg_basebackup", ["-D", replica, "-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-R", "-X", "stream"]);
  // The copy's settings are the primary's but for its port; -R wrote its standby.signal and primary_conninfo.
  appendFileSync(path.join(replica, "postgresql.conf"), `port = ${replicaPort}\n`);
  start(replica);
  const url = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    killReplica: () => void run("pg_ctl", ["stop", "-m", "immediate", "-D", replica]),
    startReplica: () => void start(replica),
    stop() {
      for (const data of [replica, primary]) {
        try {
          run("pg_ctl", ["stop", "-m", "fast", "-D", data]);
        } catch {
          // already stopped
        }
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
