// Next's instrumentation hook: register() runs once in each server process before it serves a request.
// The Node runtime checks the environment (a bad variable stops the server, named: lib/env.ts), then pins every
// request's X-Forwarded-For to the one client address this deployment trusts (lib/http/trust-proxy.ts); the Edge
// runtime serves nothing of ours. NEXT_RUNTIME is Next's own, replaced by a constant in each runtime's build, so it
// is read here as written and not through env().
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { env } = await import("./lib/env");
    try {
      env();
    } catch (error) {
      // Next would log a failed hook and serve on regardless: a server with a bad variable must not start.
      console.error(`[relay] could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    const { trustProxy } = await import("./lib/http/trust-proxy");
    trustProxy();
  }
}
