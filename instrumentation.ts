// Next's instrumentation hook: register() runs once in each server process before it serves a request.
// The Node runtime pins every request's X-Forwarded-For to the one client address this deployment trusts
// (lib/http/trust-proxy.ts); the Edge runtime serves nothing of ours.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { trustProxy } = await import("./lib/http/trust-proxy");
    trustProxy();
  }
}
