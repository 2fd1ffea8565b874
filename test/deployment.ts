import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { startPgbouncer } from "./pgbouncer";
import { startReplicaPair } from "./replica-pair";
import { ensureEmbeddedPostgres, embeddedUrl, freePort, type EmbeddedServer } from "@/lib/db/embedded";

// Relay deployed by its production recipe (docs/guides/operators.md "Deploying", Dockerfile,
// docs/decisions/023-production-recipe.md) without building an image, for the deployment tests and the scale-out
// benchmark: the build's standalone folder copied out of the project (so nothing resolves from the project's own
// node_modules, as in the image's /app/server); a database of its own on a server reached over TCP like a managed one
// (PGVECTOR_TEST_URL's server when set: CI starts the machine's PostgreSQL there; else an embedded PostgreSQL started
// here), migrated by the release step (`npm run db:migrate`); then any number of app processes, each started as the
// image's command starts it (`node relay-server.mjs`, in that folder, with an operator's environment and nothing else),
// and of workers, the image's second command (`node --import tsx jobs/main.ts`). Nothing is seeded: the CLI makes what
// a test needs.

const ROOT = process.cwd();

export interface Started {
  child: ChildProcess;
  /** Everything it printed so far. */
  log(): string;
  /** Sends the signal (SIGTERM unless told) and resolves with the exit code or signal, or "timeout" after 15 s. */
  stop(signal?: NodeJS.Signals): Promise<number | string | undefined>;
  /** Its resident memory now, in kB (0 once it exited). */
  rssKb(): number;
}

export interface App extends Started {
  port: number;
  /** `http://127.0.0.1:<port>`: this process itself, not the public origin. */
  base: string;
}

/** What `createWorld` made through the CLI. */
export interface CliWorld {
  /** The workspace's slug. */
  workspace: string;
  /** Olive, who signs in with this password. */
  person: { email: string; password: string };
  /** An established bot (its messages are sent), its webhook at the given URL. */
  helper: { id: string; handle: string; name: string; api_key: string };
  /** A new bot (its messages are held for a person), when asked for. */
  planner: { id: string; handle: string; name: string; api_key: string } | null;
  /** A conversation of Olive's with the bots. */
  conversationId: string;
  /** A personal access token of Olive's with the write scope (MCP), when asked for. */
  token: string | null;
}

export interface Deployment {
  /**
   * What the operator set (docs/guides/operators.md "Deploying"): the database, the secrets, the public origin, and
   * `environment`.
   */
  environment: Record<string, string>;
  /** APP_URL: where people and bots reach the deployment (a load balancer's port, or the one app's). */
  publicUrl: string;
  publicPort: number;
  /** An app process on `port` (a fresh one unless given); resolves once its /api/ready says 200. */
  startApp(port?: number): Promise<App>;
  /** A job worker process. */
  startWorker(): Started;
  /**
   * `npm run --silent cli -- ... --json` against the deployment's database: parsed JSON. Asynchronous: a test that
   * blocked its event loop for the seconds a CLI run takes would then reuse HTTP connections the apps closed meanwhile.
   */
  cli(...args: string[]): Promise<Record<string, unknown>>;
  /**
   * Nothing is seeded in production: a workspace, a person, bots, a conversation (and a token) made with the CLI, as
   * an operator would.
   */
  createWorld(options: {
    /** The workspace's name and the conversation's title. */
    title: string;
    webhookUrl: string;
    planner?: boolean;
    token?: boolean;
    admin?: boolean;
    /** `cli workspace settings` flags for the workspace (e.g. a request rate a benchmark never reaches). */
    settings?: string[];
  }): Promise<CliWorld>;
  /** Transactions PgBouncer served for the deployment's database (`pooler`), or null without a pooler. */
  pooledTransactions(): Promise<number | null>;
  /** One statement on the deployment's database, for what a test counts. */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** The replica (`replica`): one statement on it (`pg_wal_replay_pause()`), killed at once, started again. */
  replica: { query(text: string): Promise<void>; kill(): void; start(): void } | null;
  /** Stops every process still running, then drops the database (or stops the embedded server). */
  teardown(): Promise<void>;
}

export interface DeployOptions {
  name: string;
  environment?: Record<string, string>;
  /** DATABASE_URL through PgBouncer in transaction mode, DATABASE_DIRECT_URL the database (docs/decisions/043). */
  pooler?: boolean;
  /**
   * The database on a PostgreSQL 15 primary with a streaming replica (test/replica-pair.ts), the replica in
   * DATABASE_READ_URLS (docs/decisions/044).
   */
  replica?: boolean;
}

export async function deploy(options: DeployOptions): Promise<Deployment> {
  const standalone = path.join(ROOT, ".next/standalone/relay-server.mjs");
  if (!existsSync(standalone)) throw new Error("no .next/standalone/relay-server.mjs: run `npm run build` first");
  const work = path.join(os.tmpdir(), `relay-${options.name}-${process.pid}`);
  const database = `relay_${options.name.replace(/\W/g, "_")}_${randomBytes(4).toString("hex")}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, "data"), { recursive: true });
  // The image copies the standalone folder to /app/server: here, out of the project.
  cpSync(path.join(ROOT, ".next/standalone"), path.join(work, "server"), { recursive: true, verbatimSymlinks: true });

  let embedded: EmbeddedServer | null = null;
  let adminUrl: string;
  const pair = options.replica ? await startReplicaPair() : null;
  if (pair) {
    adminUrl = pair.primaryUrl;
  } else if (process.env.PGVECTOR_TEST_URL) {
    adminUrl = process.env.PGVECTOR_TEST_URL;
  } else {
    embedded = await ensureEmbeddedPostgres(path.join(work, "postgres"));
    adminUrl = embeddedUrl({ port: embedded.port, database: "postgres", socketDir: null });
  }
  await onAdmin(adminUrl, `CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;

  const pgbouncer = options.pooler ? await startPgbouncer({ upstreamUrl: adminUrl, poolSize: 10 }) : null;
  const databaseUrls: Record<string, string> = pgbouncer
    ? { DATABASE_URL: pgbouncer.pooled(url.toString()), DATABASE_DIRECT_URL: url.toString() }
    : { DATABASE_URL: url.toString() };
  if (pair) {
    const replica = new URL(pair.replicaUrl);
    replica.pathname = `/${database}`;
    databaseUrls.DATABASE_READ_URLS = replica.toString();
  }

  const publicPort = await freePort();
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  const environment: Record<string, string> = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: path.join(work, "data"),
    ...databaseUrls,
    APP_URL: publicUrl,
    NEXTAUTH_URL: publicUrl,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    RELAY_SECRET_KEY: randomBytes(32).toString("base64"),
    METRICS_TOKEN: randomBytes(24).toString("hex"),
    // The tests' bot endpoints are on loopback: the deployment's setting says so.
    ALLOW_LOOPBACK_WEBHOOKS: "true",
    ...options.environment,
  };
  /** The operator's environment, and PATH and HOME for npm: nothing else of the test's own. */
  const operatorEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
    NODE_ENV: "production",
    PATH: process.env.PATH!,
    HOME: process.env.HOME ?? os.tmpdir(),
    ...environment,
    ...extra,
  });

  // The release step, before any app or worker starts.
  const migrated = execFileSync("npm", ["run", "--silent", "db:migrate"], {
    cwd: ROOT,
    env: operatorEnv(),
    encoding: "utf8",
  });
  if (!migrated.includes('"msg":"applied migrations"'))
    throw new Error(`the release step did not migrate:\n${migrated}`);

  const processes: Started[] = [];
  const run = (command: string, args: string[], cwd: string, extra: Record<string, string> = {}): Started => {
    const child = spawn(command, args, { cwd, env: operatorEnv(extra), stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout!.on("data", (chunk) => (log += chunk));
    child.stderr!.on("data", (chunk) => (log += chunk));
    const started: Started = {
      child,
      log: () => log,
      stop: (signal = "SIGTERM") => stopProcess(child, signal),
      rssKb: () => rssKb(child),
    };
    processes.push(started);
    return started;
  };

  const cli = async (...args: string[]): Promise<Record<string, unknown>> => {
    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "cli", "--", ...args, "--json"], {
      cwd: ROOT,
      env: operatorEnv(),
      encoding: "utf8",
    });
    return JSON.parse(stdout) as Record<string, unknown>;
  };

  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    environment,
    publicUrl,
    publicPort,
    async startApp(port) {
      const listen = port ?? (await freePort());
      const app = run(process.execPath, ["relay-server.mjs"], path.join(work, "server"), {
        PORT: String(listen),
        HOST: "127.0.0.1",
      });
      const base = `http://127.0.0.1:${listen}`;
      await waitUntil(async () => (await fetch(`${base}/api/ready`).catch(() => null))?.status === 200, app, 90_000);
      return { ...app, port: listen, base };
    },
    startWorker: () => run(process.execPath, ["--import", "tsx", "jobs/main.ts"], ROOT),
    cli,
    async createWorld(options) {
      const tag = randomBytes(3).toString("hex");
      const workspace = `${options.title.toLowerCase().replace(/\W+/g, "-")}-${tag}`;
      const person = { email: `olive.${tag}@example.com`, password: "correct horse battery" };
      await cli("workspace", "create", "--slug", workspace, "--name", options.title);
      if (options.settings?.length) await cli("workspace", "settings", workspace, ...options.settings);
      await cli(
        ...["person", "create", "--workspace", workspace, "--email", person.email, "--name", "Olive"],
        ...["--handle", "olive", "--password", person.password, ...(options.admin ? ["--role", "admin"] : [])],
      );
      const helper = (await cli(
        ...["bot", "create", "--workspace", workspace, "--handle", "helper", "--name", "Order Helper"],
        ...["--established", "--webhook-url", options.webhookUrl],
      )) as CliWorld["helper"];
      const planner = options.planner
        ? ((await cli(
            ...["bot", "create", "--workspace", workspace, "--handle", "planner", "--name", "Visit Planner"],
          )) as NonNullable<CliWorld["planner"]>)
        : null;
      const bots = ["--bot", "helper", ...(planner ? ["--bot", "planner"] : [])];
      const conversation = await cli(
        ...["conversation", "create", "--workspace", workspace, "--as", person.email, "--title", options.title],
        ...bots,
      );
      const token = options.token
        ? ((
            await cli(
              ...["token", "create", "--workspace", workspace, "--name", "Assistant", "--scope", "write"],
              ...["--as", person.email],
            )
          ).token as string)
        : null;
      return { workspace, person, helper, planner, conversationId: conversation.id as string, token };
    },
    pooledTransactions: async () => (pgbouncer ? pgbouncer.transactions(database) : null),
    replica: pair && {
      async query(text) {
        const client = new pg.Client({ connectionString: pair.replicaUrl });
        await client.connect();
        try {
          await client.query(text);
        } finally {
          await client.end();
        }
      },
      kill: () => pair.killReplica(),
      start: () => pair.startReplica(),
    },
    async query<T>(text: string, values: unknown[] = []) {
      return (await pool.query(text, values)).rows as T[];
    },
    async teardown() {
      await Promise.all(processes.map((each) => each.stop()));
      await pool.end();
      await pgbouncer?.stop();
      if (embedded) await embedded.stop();
      else if (pair) pair.stop();
      else await onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
      rmSync(work, { recursive: true, force: true });
    },
  };
}

async function onAdmin(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function waitUntil(ready: () => Promise<boolean>, started: Started, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`the process exited:\n${started.log()}`);
    if (Date.now() > deadline) throw new Error(`not ready in time:\n${started.log()}`);
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<number | string | undefined> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? child.signalCode ?? undefined;
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, killedBy) => resolve(code ?? killedBy ?? -1)),
  );
  child.kill(signal);
  return Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("timeout"), 15_000))]);
}

function rssKb(child: ChildProcess): number {
  if (child.exitCode !== null || child.signalCode !== null) return 0;
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
