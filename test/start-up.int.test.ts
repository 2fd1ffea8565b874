import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Every entry point checks the environment before it starts anything (lib/env.ts): a bad value stops the process
// with exit 1 and a message naming the variable. (The Next server checks it too, in instrumentation.ts.)
const run = promisify(execFile);

async function start(args: string[]) {
  const environment = { ...process.env, TRUST_PROXY_HOPS: "all", DATA_DIR: "/nonexistent/relay-start-up-test" };
  try {
    await run("node_modules/.bin/tsx", args, { env: environment, timeout: 60_000 });
    return { code: 0, stderr: "" };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe("start-up with an invalid environment", { timeout: 90_000 }, () => {
  it("npm start stops, naming the variable", async () => {
    const { code, stderr } = await start(["scripts/serve.ts", "start"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/\[relay\] could not start: Invalid environment:\s+TRUST_PROXY_HOPS: /);
  });

  it("npm run worker stops, naming the variable", async () => {
    const { code, stderr } = await start(["jobs/main.ts"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/\[relay worker\] could not start: Invalid environment:\s+TRUST_PROXY_HOPS: /);
  });

  it("the CLI answers invalid_environment, naming the variable, before it touches anything", async () => {
    const { code, stderr } = await start(["cli/main.ts", "security", "events"]);
    expect(code).toBe(1);
    const { error } = JSON.parse(stderr) as { error: { code: string; message: string } };
    expect(error.code).toBe("invalid_environment");
    expect(error.message).toMatch(/^Invalid environment: TRUST_PROXY_HOPS: /);
  });
});
