import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keyFileOnce } from "./key-file";

describe("keyFileOnce", () => {
  const folder = () => mkdtempSync(path.join(os.tmpdir(), "relay-key-file-"));

  it("makes the file once, mode 0600, and reads it back after", () => {
    const file = path.join(folder(), "nested", "secret.key");
    expect(keyFileOnce(file, { make: () => "first" })).toBe("first");
    expect(keyFileOnce(file, { make: () => "second" })).toBe("first");
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("loses a race to another process cleanly: the winner's key for everyone, no temporary file left", () => {
    const dir = folder();
    const file = path.join(dir, "secret.key");
    const mine = keyFileOnce(file, {
      make: () => "mine",
      beforePublish: () => writeFileSync(file, "theirs", { mode: 0o600, flag: "wx" }), // the other process publishes first
    });
    expect(mine).toBe("theirs");
    expect(readdirSync(dir)).toEqual(["secret.key"]);
  });
});
