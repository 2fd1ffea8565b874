import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/env";
import { captureLog } from "@/test/log-lines";

// LOG_LEVEL decides the least severe line written (default info); lines are JSON, one a line, request id or not. On a
// terminal (or LOG_FORMAT=pretty) they are readable lines instead: time, level, message and the line's fields.

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

describe("the log's format", () => {
  it("is JSON off a terminal and readable on one, unless LOG_FORMAT says", async () => {
    const { logFormat } = await import("./log");
    expect(parseEnv({}).LOG_FORMAT).toBeUndefined();
    expect(parseEnv({ LOG_FORMAT: "pretty" }).LOG_FORMAT).toBe("pretty");
    expect(() => parseEnv({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
    expect(logFormat(undefined, false)).toBe("json");
    expect(logFormat(undefined, true)).toBe("pretty");
    expect(logFormat("json", true)).toBe("json");
    expect(logFormat("pretty", false)).toBe("pretty");
  });

  it("pretty: one readable line each, with the time, the level, the message and the fields", async () => {
    const { loggerOptions, prettyStream } = await import("./log");
    const pino = (await import("pino")).default;
    const written: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString("utf8"));
        done();
      },
    });
    const logger = pino(loggerOptions("info"), prettyStream({ colorize: false, destination }));
    logger.info({ workspace: "demo", people: 5 }, "seeded the demo workspace");
    logger.error({ err: new Error("bad") }, "something failed");
    const text = written.join("");
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^\[?\d\d:\d\d:\d\d\.\d{3}\]? INFO: seeded the demo workspace \{.*"workspace":"demo".*"people":5.*\}$/);
    expect(lines[0]).not.toContain("pid");
    expect(() => JSON.parse(lines[0]!)).toThrow();
    expect(text).toMatch(/ERROR: something failed/);
    expect(text).toContain("bad");
  });
});
