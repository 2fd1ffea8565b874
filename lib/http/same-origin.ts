import { env } from "@/lib/env";

// Who made a browser's request. A browser names the page a request comes from (`Origin`, `Sec-Fetch-Site`); other
// clients (bots, assistants, the CLI) send neither and are judged by their credentials alone.

/** The app's own origin (APP_URL's scheme, host and port). */
export const appOrigin = () => new URL(env().APP_URL).origin;

/**
 * For the MCP server (DNS rebinding): the foreign origin a request comes from, or null when `Origin` is absent or
 * is APP_URL's. A rebound name reaches this server with its own Host, so only APP_URL can be trusted here.
 */
export function foreignOrigin(headers: Headers): string | null {
  const origin = headers.get("origin");
  return origin === null || origin === appOrigin() ? null : origin;
}

/**
 * For a route a signed-in person's cookie opens (cross-site request forgery): whether another site's page made the
 * request. `Sec-Fetch-Site` says so where the browser sends it (`cross-site`, or `same-site`: a sibling subdomain);
 * otherwise an `Origin` whose host is neither the one the request was sent to nor APP_URL's. The session cookie is
 * SameSite=Lax already; this holds if it ever is not.
 */
export function crossSite(headers: Headers): boolean {
  const site = headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = headers.get("origin");
  if (origin === null || site === "same-origin") return false;
  if (origin === appOrigin()) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true; // "null" (a sandboxed frame, a file) or garbage
  }
  return host !== (headers.get("x-forwarded-host") ?? headers.get("host"));
}
