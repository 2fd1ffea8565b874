import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files";

// docs/design.md#one-policy-engine-and-one-door: every bot-authored message is created by
// lib/messages/insert-message.ts, which cannot run without a policy Decision for exactly that content. This test fails
// if any other code writes message rows.

const ROOTS = ["app", "lib", "cli", "jobs", "scripts"];
const DOOR = path.join("lib", "messages", "insert-message.ts");
const WRITES = [
  /INSERT\s+INTO\s+"?messages"?/i,
  /\.message\.(create|createMany|upsert|createManyAndReturn)\s*\(/,
  /COPY\s+"?messages"?/i,
];

describe("the one door for messages", () => {
  const files = ROOTS.flatMap(sourceFiles);

  it("scans the real source tree", () => {
    expect(files).toContain(DOOR);
    expect(files.length).toBeGreaterThan(20);
  });

  it("no other file writes message rows", () => {
    const offenders = files.filter(
      (file) => file !== DOOR && WRITES.some((pattern) => pattern.test(readFileSync(file, "utf8"))),
    );
    expect(offenders).toEqual([]);
  });

  it("the door itself refuses a bot message without a sent verdict for the same content", () => {
    const door = readFileSync(DOOR, "utf8");
    expect(door).toMatch(/verdict\.outcome === "sent"/);
    expect(door).toMatch(/decision\.digest !== contentDigest\(/);
  });
});
