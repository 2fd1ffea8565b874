// The app server in production: Next's standalone server (.next/standalone/server.js) with Relay's settings applied
// first. `npm run build` copies this file beside server.js (scripts/standalone/assemble.ts); the container image runs
// it (`node relay-server.mjs`, Dockerfile) and so does `npm start` (scripts/serve.ts). Plain JavaScript, no imports:
// nothing but the standalone folder is there when it runs. docs/decisions/023-production-recipe.md.
//
// - HOST is the listen address (docs/guides/operators.md "Configuration"); server.js reads HOSTNAME, which shells set
//   to the machine's name and container runtimes to the container's id, so HOSTNAME is overwritten here. Unset: every
//   IPv4 interface.
// - next-auth's origin is NEXTAUTH_URL, else APP_URL; with neither, each request's Host header, which next-auth reads
//   only when AUTH_TRUST_HOST is set (lib/auth/next-auth-environment.ts, the same rule).
// - On SIGTERM / SIGINT Next's server stops accepting, lets in-flight requests finish and exits 143 / 130 (128 + the
//   signal's number, as a process the signal ended); one still busy after SHUTDOWN_TIMEOUT_MS exits 1 here.
process.env.HOSTNAME = process.env.HOST || "0.0.0.0";
if (!process.env.NEXTAUTH_URL && process.env.APP_URL) process.env.NEXTAUTH_URL = process.env.APP_URL;
if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST = "true";
const timeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    setTimeout(() => {
      console.error(`[relay] the app server did not stop within ${timeoutMs} ms: exiting`);
      process.exit(1);
    }, timeoutMs).unref();
  });
}
await import("./server.js");
