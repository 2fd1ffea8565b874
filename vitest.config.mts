import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two tiers (docs/style.md#tests): unit tests (`*.test.ts`, no I/O) and integration tests (`*.int.test.ts`) against a real
// PostgreSQL: one embedded server per run (test/global-setup.ts), one database per test file (test/setup-db.ts).
const root = path.dirname(fileURLToPath(import.meta.url));
// The `pooler` project needs Debian's PgBouncer (test/pgbouncer.ts): CI installs it (.ci/run) and always runs it; a
// machine without it runs the other two and says so.
const PGBOUNCER = "/usr/sbin/pgbouncer";
const withPooler = existsSync(PGBOUNCER) || process.env.CI === "true";
if (!withPooler) console.warn(`vitest: the pooler project is left out: ${PGBOUNCER} is not installed (apt-get install pgbouncer)`);
const integration = {
  exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
  setupFiles: ["test/setup-db.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const shared = {
  resolve: {
    alias: {
      "@": root,
      // `server-only` throws outside React's server environment; in tests the domain runs as plain Node code.
      "server-only": path.join(root, "test/empty-module.ts"),
    },
  },
};

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**", "e2e/**", ".next/**", ".data/**"],
        },
      },
      {
        ...shared,
        test: { ...integration, name: "integration", include: ["**/*.int.test.ts"], globalSetup: ["test/global-setup.ts"] },
      },
      // The bot API, chat and send paths again, through PgBouncer in transaction mode (docs/decisions/043).
      ...(withPooler
        ? [
            {
              ...shared,
              test: {
                ...integration,
                name: "pooler",
                include: [
                  "test/api/**/*.int.test.ts",
                  "lib/chat/**/*.int.test.ts",
                  "lib/messages/**/*.int.test.ts",
                ],
                globalSetup: ["test/pooler-global-setup.ts"],
              },
            },
          ]
        : []),
    ],
  },
});
