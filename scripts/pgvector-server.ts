import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// A second PostgreSQL, with pgvector, for testing contact search's pgvector path (lib/memory/search-pgvector.int.test.ts)
// and for bench/search. The embedded server is PostgreSQL 18, which cannot load the pgvector that Debian's source
// builds for the machine's PostgreSQL 15; so this builds the extension for 15 (scripts/build-pgvector.sh, from
// Debian's source package: idempotent, ~20-60 s the first time) and starts a throwaway server from the 15 binaries in
// a temporary folder, on a free loopback port, trusting local connections.
//
//   npx tsx scripts/pgvector-server.ts start   # prints the server's URL (only that, on stdout); reuses a running one
//   npx tsx scripts/pgvector-server.ts stop    # stops it and removes its folder
//
// Environment: PG_BIN (default /usr/lib/postgresql/15/bin), PGVECTOR_DIR (default $TMPDIR/relay-pgvector). Run as
// root, the server runs as `postgres` (initdb refuses root).

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const DIR = process.env.PGVECTOR_DIR ?? path.join(os.tmpdir(), "relay-pgvector");
const BUILD = path.join(import.meta.dirname, "build-pgvector.sh");
const DATA = path.join(DIR, "data");
const STATE = path.join(DIR, "state.json");

const log = (line: string) => process.stderr.write(`[pgvector-server] ${line}\n`);
const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as `postgres` when this process is root. */
function pg(binary: string, args: string[]): string {
  const file = path.join(PG_BIN, binary);
  const [command, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  return execFileSync(command, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function running(): boolean {
  if (!existsSync(path.join(DATA, "postmaster.pid"))) return false;
  try {
    pg("pg_ctl", ["status", "-D", DATA]);
    return true;
  } catch {
    return false;
  }
}

const url = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;

async function start() {
  if (existsSync(STATE) && running()) {
    const { port } = JSON.parse(readFileSync(STATE, "utf8")) as { port: number };
    log(`already running on port ${port}`);
    console.log(url(port));
    return;
  }
  if (!existsSync(path.join(PG_BIN, "postgres")))
    throw new Error(`no PostgreSQL binaries in ${PG_BIN} (apt-get install postgresql-15)`);
  log(`building pgvector for ${PG_BIN} with ${BUILD} (once)`);
  execFileSync("bash", [BUILD, path.join(PG_BIN, "pg_config")], { stdio: ["ignore", process.stderr, process.stderr] });

  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DATA, { recursive: true });
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(DIR, uid, gid);
    chownSync(DATA, uid, gid);
  }
  pg("initdb", ["-D", DATA, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  // Sockets in the data folder (not /var/run/postgresql, which may not exist); loopback TCP for clients.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${DATA} -c max_connections=200 -c fsync=off -c shared_buffers=256MB -c maintenance_work_mem=512MB`;
  pg("pg_ctl", ["start", "-D", DATA, "-w", "-t", "60", "-l", path.join(DATA, "server.log"), "-o", options]);
  writeFileSync(STATE, JSON.stringify({ port, data: DATA }));
  const version = pg("postgres", ["--version"]).trim();
  log(`${version} with pgvector on port ${port}, data in ${DATA}`);
  console.log(url(port));
}

function stop() {
  if (running()) pg("pg_ctl", ["stop", "-D", DATA, "-m", "fast", "-w"]);
  rmSync(DIR, { recursive: true, force: true });
  log("stopped");
}

const command = process.argv[2];
if (command === "start") {
  start().catch((error: Error) => {
    log(`could not start: ${error.message}`);
    process.exit(1);
  });
} else if (command === "stop") {
  stop();
} else {
  process.stderr.write("usage: npx tsx scripts/pgvector-server.ts start|stop\n");
  process.exit(2);
}
