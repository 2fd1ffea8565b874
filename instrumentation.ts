// Next's instrumentation hook: register() runs once in each server process before it serves a request.
// The Node runtime checks the environment (a bad variable stops the server, named: lib/env.ts), then pins every
// request's X-Forwarded-For to the one client address this deployment trusts (lib/http/trust-proxy.ts), then starts
// the server's warm-up in the background (lib/http/warm-up.ts; GET /api/ready answers 503 `warming` until it ends, at
// most 10 s later: lib/health/warming.ts); the Edge runtime serves nothing of ours. NEXT_RUNTIME is Next's own, replaced
// by a constant in each runtime's build, so it is read here as written and not through env().
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { env } = await import("./lib/env");
    let config;
    try {
      config = env();
    } catch (error) {
      // Next would log a failed hook and serve on regardless: a server with a bad variable must not start.
      console.error(`[relay] could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    const { trustProxy } = await import("./lib/http/trust-proxy");
    trustProxy();
    // Not awaited: Next serves once register() resolves, and the warm-up's requests need it to. The send path's modules
    // load inside the warm-up, so the hook itself stays quick; readiness says `warming` from here on.
    const { runWarmUp, skipWarmUp, warmUpOn } = await import("./lib/health/warming");
    if (!warmUpOn(config)) skipWarmUp(`off (${config.WARM_UP ? "WARM_UP=false" : `NODE_ENV=${config.NODE_ENV}`})`);
    else void runWarmUp(async (signal) => (await import("./lib/http/warm-up")).warmUpServer(signal));
  }
}
