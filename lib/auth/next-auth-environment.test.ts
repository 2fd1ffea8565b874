import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/env";
import { nextAuthEnvironment } from "./next-auth-environment";

// next-auth's own origin rule, as the Next server runs it, under the environment scripts/serve.ts gives that server.
const require = createRequire(import.meta.url);
const nextAuthRoot = path.dirname(require.resolve("next-auth"));
const { detectOrigin } = require(path.join(nextAuthRoot, "utils/detect-origin.js")) as {
  detectOrigin(host: string, protocol?: string): string | undefined;
};

afterEach(() => vi.unstubAllEnvs());

function serverOrigin(variables: Record<string, string>, host: string, protocol = "http") {
  const spawned = { ...variables, ...nextAuthEnvironment(parseEnv(variables)) };
  vi.stubEnv("NEXTAUTH_URL", spawned.NEXTAUTH_URL);
  vi.stubEnv("AUTH_TRUST_HOST", spawned.AUTH_TRUST_HOST);
  vi.stubEnv("VERCEL", undefined);
  return detectOrigin(host, protocol);
}

it("without NEXTAUTH_URL or APP_URL, next-auth follows each request's host (any port the app was started on)", () => {
  expect(nextAuthEnvironment(parseEnv({}))).toEqual({ AUTH_TRUST_HOST: "true" });
  expect(serverOrigin({}, "localhost:3107")).toBe("http://localhost:3107");
});

it("with NEXTAUTH_URL, next-auth uses it and trusts no host header", () => {
  expect(nextAuthEnvironment(parseEnv({ NEXTAUTH_URL: "https://relay.example.com" }))).toEqual({});
  expect(serverOrigin({ NEXTAUTH_URL: "https://relay.example.com" }, "evil.example")).toBe("https://relay.example.com");
});

it("with APP_URL and no NEXTAUTH_URL, next-auth's origin is APP_URL: a spoofed Host or X-Forwarded-Host changes nothing", () => {
  const variables = { APP_URL: "https://relay.example.com" };
  expect(nextAuthEnvironment(parseEnv(variables))).toEqual({ NEXTAUTH_URL: "https://relay.example.com" });
  expect(serverOrigin(variables, "evil.example", "https")).toBe("https://relay.example.com");
  // NEXTAUTH_URL still wins where both are set.
  expect(serverOrigin({ ...variables, NEXTAUTH_URL: "https://auth.example.com" }, "evil.example")).toBe(
    "https://auth.example.com",
  );
});

it("the production entry (relay-server.mjs, the image's command) applies the same rule before Next loads", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "relay-server-"));
  try {
    copyFileSync(path.resolve("scripts/standalone/relay-server.mjs"), path.join(folder, "relay-server.mjs"));
    // A stand-in for Next's server.js: says what next-auth would read.
    writeFileSync(
      path.join(folder, "server.js"),
      "process.stdout.write(JSON.stringify({ url: process.env.NEXTAUTH_URL ?? null, trust: process.env.AUTH_TRUST_HOST ?? null }));",
    );
    const run = (variables: Record<string, string>) => {
      const environment = { NODE_ENV: "production" as const, PATH: process.env.PATH ?? "", ...variables };
      return JSON.parse(
        execFileSync(process.execPath, ["relay-server.mjs"], { cwd: folder, env: environment }).toString(),
      );
    };
    expect(run({})).toEqual({ url: null, trust: "true" });
    expect(run({ APP_URL: "https://relay.example.com" })).toEqual({ url: "https://relay.example.com", trust: null });
    expect(run({ APP_URL: "https://relay.example.com", NEXTAUTH_URL: "https://auth.example.com" })).toEqual({
      url: "https://auth.example.com",
      trust: null,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
