import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "@/lib/db/embedded";

// Debian's PgBouncer (`apt-get install pgbouncer`; bash .ci/run installs it) in transaction mode in front of a test
// PostgreSQL: what a team gets when DATABASE_URL names their provider's pooler (docs/decisions/043-behind-a-pooler.md).
// Each client transaction may run on another server connection, and a server connection serves many clients.

export const PGBOUNCER = "/usr/sbin/pgbouncer";

/** Why the pooler's tests cannot run here, or null when they can. */
export function pgbouncerMissing(): string | null {
  return existsSync(PGBOUNCER) ? null : `${PGBOUNCER} is not installed (apt-get install pgbouncer; bash .ci/run does)`;
}

export interface Pgbouncer {
  port: number;
  /** `directUrl` with its host and port replaced by the pooler's (and no socket folder). */
  pooled(directUrl: string): string;
  /** Transactions the pooler has served for `database` (its admin console's SHOW STATS). */
  transactions(database: string): Promise<number>;
  stop(): Promise<void>;
}

/** `directUrl` with its host and port replaced by a pooler's on this machine (and no socket folder). */
export function pooledUrl(directUrl: string, port: number): string {
  const url = new URL(directUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  url.searchParams.delete("host");
  return url.toString();
}

export interface PgbouncerOptions {
  /** The server's URL: its TCP host, port and credentials are what the pooler logs in with. */
  upstreamUrl: string;
  /** Server connections per database and user: fewer than the clients, so they are shared. */
  poolSize?: number;
}

export async function startPgbouncer({ upstreamUrl, poolSize = 4 }: PgbouncerOptions): Promise<Pgbouncer> {
  const missing = pgbouncerMissing();
  if (missing) throw new Error(missing);
  const upstream = new URL(upstreamUrl);
  const port = await freePort();
  const folder = mkdtempSync(path.join(os.tmpdir(), "relay-pgbouncer-"));
  const password = decodeURIComponent(upstream.password);
  const credentials = `user=${decodeURIComponent(upstream.username)}${password ? ` password=${password}` : ""}`;
  writeFileSync(
    path.join(folder, "pgbouncer.ini"),
    [
      "[databases]",
      // Every database name the clients ask for, on the test server, logged in as its user.
      `* = host=${upstream.hostname} port=${upstream.port} ${credentials}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "pool_mode = transaction",
      // The clients' password is not checked here: the server connections log in with the test server's own.
      "auth_type = any",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 2000",
      "max_db_connections = 0",
      "server_reset_query =",
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${path.join(folder, "pgbouncer.log")}`,
      `pidfile = ${path.join(folder, "pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  // PgBouncer will not run as root: as `postgres` (the embedded server's user), which then owns its folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(folder, uid, gid);
  }
  const child: ChildProcess = spawn(
    PGBOUNCER,
    [...(asRoot ? ["-u", "postgres"] : []), path.join(folder, "pgbouncer.ini")],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(port, child, () => stderr);
  return {
    port,
    pooled: (directUrl) => pooledUrl(directUrl, port),
    async transactions(database) {
      const console = new URL(pooledUrl(upstreamUrl, port));
      console.pathname = "/pgbouncer";
      const client = new pg.Client({ connectionString: console.toString() });
      await client.connect();
      try {
        // The admin console speaks the simple protocol only: a query without values goes so.
        const { rows } = await client.query<{ database: string; total_xact_count: string }>("SHOW STATS");
        return Number(rows.find((row) => row.database === database)?.total_xact_count ?? 0);
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}: ${stderr()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => socket.end(() => resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`pgbouncer did not listen on ${port} within 10 s: ${stderr()}`);
}
