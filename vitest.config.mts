import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two tiers (docs/style.md#tests): unit tests (`*.test.ts`, no I/O) and integration tests (`*.int.test.ts`) against a real
// PostgreSQL: one embedded server per run (test/global-setup.ts), one database per test file (test/setup-db.ts).
const root = path.dirname(fileURLToPath(import.meta.url));

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
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/setup-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
