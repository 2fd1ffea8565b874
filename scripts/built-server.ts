import { execFile, spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { SeededWorld } from "@/lib/seed/seed-world";

// The BUILT app started as `npm start` starts it (scripts/serve.ts), on a fresh embedded database in its own data
// folder: what the benchmarks and the fuzz run against. No Prisma import here: Playwright loads it too.

export interface BuiltServer {
  process: ChildProcess;
  /** Everything the server printed so far. */
  log(): string;
  /** SIGTERM to its process group; resolves once it exited (or after 10 s). */
  stop(): Promise<void>;
}

export async function startBuiltServer(options: {
  port: number;
  dataDir: string;
  /** Added to the environment (after PORT, DATA_DIR, DATABASE_URL="", NODE_ENV=production, DEMO_BOTS=false). */
  env?: Record<string, string>;
  /** True once the server answers as it should. */
  ready: () => Promise<boolean>;
  timeoutMs?: number;
}): Promise<BuiltServer> {
  rmSync(options.dataDir, { recursive: true, force: true });
  // As `npm start` runs it: one Node process with tsx's loader, not tsx's CLI, whose parent process relays signals to
  // the launcher and sometimes reported 143 for a launcher that had stopped cleanly with 0.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      // The demo stays still (its bots would deliver and answer on their own); a caller may turn them on.
      DEMO_BOTS: "false",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout!.on("data", (chunk) => (log += chunk));
  child.stderr!.on("data", (chunk) => (log += chunk));
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
    if (await options.ready().catch(() => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    process: child,
    log: () => log,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        return; // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    },
  };
}

const run = promisify(execFile);

/** `npm run cli -- ...args` on a built server's database (its data folder); the command's JSON answer. */
export async function builtServerCli(dataDir: string, ...args: string[]): Promise<unknown> {
  const { stdout } = await run("npm", ["run", "--silent", "cli", "--", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  return JSON.parse(stdout);
}

/** The demo world the server seeded on its first start (people with their passwords, bots with their keys). */
export function demoCredentials(dataDir: string): SeededWorld {
  return JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as SeededWorld;
}
