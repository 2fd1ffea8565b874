import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/env";
import { captureLog } from "@/test/log-lines";

// LOG_LEVEL decides the least severe line written (default info); lines are JSON, one a line, request id or not.

const level = { value: "warn" };
vi.mock("@/lib/env", async (original) => {
  const actual = await original<typeof import("@/lib/env")>();
  return { ...actual, env: () => ({ ...actual.parseEnv({}), LOG_LEVEL: level.value }) };
});

describe("the log", () => {
  it("defaults to info and refuses a level it does not know", () => {
    expect(parseEnv({}).LOG_LEVEL).toBe("info");
    expect(parseEnv({ LOG_LEVEL: "debug" }).LOG_LEVEL).toBe("debug");
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("writes the lines at LOG_LEVEL and above, nothing below", async () => {
    const { log, withRequestId } = await import("./log");
    const captured = captureLog();
    try {
      log().info("not written at warn");
      withRequestId("req-7", () => log().warn({ attempt: 2 }, "written"));
      log().error({ err: new Error("bad") }, "also written");
    } finally {
      captured.stop();
    }
    expect(captured.lines()).toEqual([
      expect.objectContaining({ level: "warn", msg: "written", attempt: 2, request_id: "req-7" }),
      expect.objectContaining({
        level: "error",
        msg: "also written",
        err: expect.objectContaining({ message: "bad" }),
      }),
    ]);
    expect(captured.lines()[1]).not.toHaveProperty("request_id");
  });
});
