import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoSignIn, startupBox } from "./startup-box";

// The box `npm start` prints on a terminal once the app answers: the URL, the demo's sign-in, where the keys are.

describe("the start-up box", () => {
  it("frames every line at the widest one's width", () => {
    const box = startupBox({
      url: "http://localhost:3000",
      signIn: { email: "ana@demo.relay.test", password: "demo-password" },
      credentials: ".data/demo-credentials.json",
    });
    const lines = box.trimEnd().split("\n");
    expect(lines).toHaveLength(6);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    expect(box).toContain("│ Relay is running: http://localhost:3000 ");
    expect(box).toContain("Sign in as ana@demo.relay.test, password demo-password");
    expect(box).toContain("The demo's people and bot keys: .data/demo-credentials.json");
  });

  it("says only where the app is when there is no demo", () => {
    const box = startupBox({ url: "https://relay.example.com" });
    expect(box).toContain("Relay is running: https://relay.example.com");
    expect(box).not.toContain("Sign in");
    expect(box.trimEnd().split("\n")).toHaveLength(4);
  });

  it("reads the demo's first person from its credentials file, and nothing from a missing or odd one", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "relay-box-"));
    try {
      const file = path.join(dir, "demo-credentials.json");
      expect(demoSignIn(file)).toBeUndefined();
      writeFileSync(file, JSON.stringify({ people: [{ email: "ana@demo.relay.test", password: "pw" }, {}] }));
      expect(demoSignIn(file)).toEqual({ email: "ana@demo.relay.test", password: "pw" });
      writeFileSync(file, JSON.stringify({ people: [{ email: 42 }] }));
      expect(demoSignIn(file)).toBeUndefined();
      writeFileSync(file, "not json");
      expect(demoSignIn(file)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
