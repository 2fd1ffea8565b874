import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import webpush from "web-push";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { VAPID_KEY_FILE, defaultSubject, vapidKeyFile, vapidKeysOf } from "./vapid-keys";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), "relay-vapid-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("VAPID variables", () => {
  const pair = webpush.generateVAPIDKeys();

  it("takes a key pair and a subject", () => {
    const config = parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: "mailto:ops@relay.test" });
    expect(config).toMatchObject({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_SUBJECT: "mailto:ops@relay.test" });
  });

  it("refuses one key without the other, malformed keys and a subject that is not https: or mailto:", () => {
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set/);
    expect(() => parseEnv({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY: required/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: `${pair.privateKey}=` })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseEnv({ VAPID_SUBJECT: "http://relay.example" })).toThrow(/VAPID_SUBJECT: must be an https: URL or a mailto: address/);
  });

  it("uses the environment's pair, and refuses a public key that is not the private key's", () => {
    const config = { DATA_DIR: path.join(dir, "unused"), VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
    expect(vapidKeysOf(parseEnv(config))).toEqual({ ...pair, subject: "mailto:relay@localhost" });
    const mismatched = { ...config, VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey };
    expect(() => vapidKeysOf(parseEnv(mismatched))).toThrow(/not the public half of the private key/);
    expect(readdirSync(dir)).not.toContain("unused"); // the key file is not made when the environment names keys
  });

  it("defaults the subject to an https APP_URL, else a mailto: at its host", () => {
    expect(defaultSubject("https://relay.example.com/base")).toBe("https://relay.example.com");
    expect(defaultSubject("http://localhost:3000")).toBe("mailto:relay@localhost");
  });
});

describe("the key file in DATA_DIR", () => {
  it("is made once, mode 0600, and read back the same", () => {
    const file = path.join(dir, "once", VAPID_KEY_FILE);
    const made = vapidKeyFile(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(vapidKeyFile(file)).toEqual(made);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(made);
    expect(Buffer.from(made.publicKey, "base64url")).toHaveLength(65);
  });

  it("a process that loses the race to another uses the winner's pair, and leaves no file of its own", () => {
    const file = path.join(dir, "lost", VAPID_KEY_FILE);
    let winner: { publicKey: string; privateKey: string } | undefined;
    // Another process publishes its pair after this one found no file and before it publishes its own.
    const mine = vapidKeyFile(file, () => {
      winner = vapidKeyFile(file);
    });
    expect(winner).toBeDefined();
    expect(mine).toEqual(winner);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(winner);
    expect(readdirSync(path.dirname(file))).toEqual([VAPID_KEY_FILE]);
  });

  it("eight processes starting at once end with one pair, which all of them use", async () => {
    const file = path.join(dir, "race", VAPID_KEY_FILE);
    // Each process loads the module, then waits for the same instant to ask for the pair: a real race.
    const start = Date.now() + 4000;
    const script = `const { vapidKeyFile } = require("./lib/notifications/push/vapid-keys.ts"); while (Date.now() < ${start}); console.log(JSON.stringify(vapidKeyFile(${JSON.stringify(file)})));`;
    const outputs = await Promise.all(
      Array.from({ length: 8 }, () => run(process.execPath, ["--import", "tsx", "-e", script], { cwd: process.cwd() })),
    );
    const pairs = new Set(outputs.map(({ stdout }) => stdout.trim()));
    expect(pairs.size).toBe(1);
    expect(JSON.parse([...pairs][0]!)).toEqual(JSON.parse(readFileSync(file, "utf8")));
    expect(readdirSync(path.dirname(file))).toEqual([VAPID_KEY_FILE]); // no temporary file left behind
  }, 60_000);
});

