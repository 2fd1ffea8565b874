import { createRequire } from "node:module";
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

function serverOrigin(variables: Record<string, string>, host: string) {
  const spawned = { ...variables, ...nextAuthEnvironment(parseEnv(variables)) };
  vi.stubEnv("NEXTAUTH_URL", spawned.NEXTAUTH_URL);
  vi.stubEnv("AUTH_TRUST_HOST", spawned.AUTH_TRUST_HOST);
  vi.stubEnv("VERCEL", undefined);
  return detectOrigin(host, "http");
}

it("without NEXTAUTH_URL, next-auth follows each request's host (any port the app was started on)", () => {
  expect(nextAuthEnvironment(parseEnv({}))).toEqual({ AUTH_TRUST_HOST: "true" });
  expect(serverOrigin({}, "localhost:3107")).toBe("http://localhost:3107");
});

it("with NEXTAUTH_URL, next-auth uses it and trusts no host header", () => {
  expect(nextAuthEnvironment(parseEnv({ NEXTAUTH_URL: "https://relay.example.com" }))).toEqual({});
  expect(serverOrigin({ NEXTAUTH_URL: "https://relay.example.com" }, "evil.example")).toBe("https://relay.example.com");
});
