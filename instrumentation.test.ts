import { afterEach, expect, it, vi } from "vitest";

// The Next server checks the environment in its instrumentation hook, before it serves anything: a bad variable
// ends the process with its name (Next itself would log the failed hook and serve on). Fresh modules per case:
// lib/env.ts caches what it read.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function register(variables: Record<string, string>) {
  vi.stubEnv("NEXT_RUNTIME", "nodejs");
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  vi.resetModules();
  const exit = vi.spyOn(process, "exit").mockImplementation((() => {
    throw new Error("exited");
  }) as never);
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const outcome = await (await import("./instrumentation")).register().then(
    () => "served",
    (thrown: Error) => thrown.message,
  );
  return { outcome, exit, error };
}

it("ends the server with exit 1, naming the variable, when one is invalid", async () => {
  const { outcome, exit, error } = await register({ TRUST_PROXY_HOPS: "all" });
  expect(outcome).toBe("exited");
  expect(exit).toHaveBeenCalledWith(1);
  expect(error.mock.calls[0]![0]).toMatch(/^\[relay\] could not start: Invalid environment:\s+TRUST_PROXY_HOPS: /);
});

it("starts when the environment is valid", async () => {
  const { outcome, exit } = await register({ TRUST_PROXY_HOPS: "1" });
  expect(outcome).toBe("served");
  expect(exit).not.toHaveBeenCalled();
});

it("starts the warm-up in the background when WARM_UP=true: it serves at once, and readiness says warming", async () => {
  let started: AbortSignal | undefined;
  vi.doMock("./lib/http/warm-up", () => ({
    warmUpServer: (signal: AbortSignal) => {
      started = signal;
      return new Promise(() => {}); // still warming
    },
  }));
  try {
    const { outcome } = await register({ WARM_UP: "true" });
    expect(outcome).toBe("served");
    const { warmingCheck } = await import("./lib/health/warming");
    expect(warmingCheck()).toMatchObject({ ok: false });
    await vi.waitFor(() => expect(started).toBeDefined());
  } finally {
    vi.doUnmock("./lib/http/warm-up");
    (await import("./lib/health/warming")).skipWarmUp("test over");
  }
});

it("warms up nothing when WARM_UP=false, and readiness says so", async () => {
  const { outcome } = await register({ WARM_UP: "false", NODE_ENV: "production" });
  expect(outcome).toBe("served");
  const { warmingCheck } = await import("./lib/health/warming");
  expect(warmingCheck()).toEqual({ ok: true, detail: "off (WARM_UP=false)" });
});
