import { vi } from "vitest";

/**
 * The log lines the process writes (lib/log.ts writes each to process.stdout) while a test runs, parsed: every one
 * must be one JSON object on one line, or `lines()` throws. `stop()` restores stdout.
 */
export function captureLog() {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return true;
  });
  return {
    /** What was written, as it was written (each chunk a line ending in "\n"). */
    raw: () => written.join(""),
    lines: (): Record<string, unknown>[] =>
      written.map((chunk) => {
        if (!chunk.endsWith("\n") || chunk.slice(0, -1).includes("\n"))
          throw new Error(`not one line: ${JSON.stringify(chunk)}`);
        return JSON.parse(chunk) as Record<string, unknown>;
      }),
    stop: () => spy.mockRestore(),
  };
}
