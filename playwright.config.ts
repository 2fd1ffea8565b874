import { defineConfig } from "@playwright/test";

// End-to-end tests against the real, built server on its embedded database, in Debian's Chromium (never a
// downloaded browser). The server starts on a fresh data folder, so its first start seeds the demo world, whose
// credentials the tests read from DATA_DIR/demo-credentials.json (e2e/fixtures.ts).
const PORT = Number(process.env.E2E_PORT ?? 3107);
export const DATA_DIR = ".data/e2e";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  // The README's screenshots (e2e/ui/demo-alive.spec.ts) are checked against the committed images: a change to the
  // pages they show fails the suite until they are taken again (`npx playwright test demo-alive --update-snapshots`).
  snapshotPathTemplate: "docs/images/{arg}{ext}",
  expect: {
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: "disabled", caret: "hide" },
  },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && npm start`,
    url: `http://127.0.0.1:${PORT}/api/public/v1/openapi.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The launcher stops its embedded PostgreSQL on SIGTERM; the default (SIGKILL to the process group) left that
    // server running after every run, since it runs as its own user outside the group.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR,
      NODE_ENV: "production",
      ALLOW_LOOPBACK_WEBHOOKS: "true",
      // The demo stays still for the suite: its bots run in e2e/ui/demo-alive.spec.ts's own server only.
      DEMO_BOTS: "false",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
