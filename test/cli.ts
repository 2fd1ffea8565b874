import { execFile } from "node:child_process";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { expect } from "vitest";
import { runCli } from "@/cli/run";

// The CLI in tests, two ways, on the test file's own database (DATABASE_URL, test/setup-db.ts):
// - `cli(...)` runs it in this process (runCli, what the process entry calls): the same output and exit codes,
//   without a process start (tsx and all the domain's imports) per call. What a command reads from the
//   environment it reads here once per process (lib/env.ts), as the app does.
// - `spawnCli(...)` runs the real `npm run --silent cli -- ...`: kept for what only a process shows (its exit code,
//   its streams, its argv), and for a few commands end to end.

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

export async function cli(...args: string[]): Promise<CliResult> {
  const stdout = collector();
  const stderr = collector();
  const code = await runCli(args, { stdout: stdout.stream, stderr: stderr.stream });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const run = promisify(execFile);

export async function spawnCli(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "cli", "--", ...args], { env: process.env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Runs a command (in this process) that must succeed and returns its parsed stdout. */
export async function cliJson(...args: string[]) {
  const res = await cli(...args);
  expect(res.stderr).toBe("");
  expect(res.code).toBe(0);
  return JSON.parse(res.stdout);
}
