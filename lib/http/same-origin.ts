import { env } from "@/lib/env";

/**
 * The app's own origin (APP_URL's scheme, host and port). A browser names the page a request comes from in `Origin`;
 * a request that carries another one was made by another site's page: DNS rebinding against the MCP server,
 * cross-site request forgery against a route a signed-in person's cookie opens.
 */
export const appOrigin = () => new URL(env().APP_URL).origin;

/**
 * The foreign origin a request comes from, or null: null when `Origin` is absent (clients that are not browsers
 * send none) or is the app's own. A browser that sends no `Origin` still says `Sec-Fetch-Site: cross-site` for
 * another site's request, and that is foreign too.
 */
export function foreignOrigin(headers: Headers): string | null {
  const origin = headers.get("origin");
  if (origin !== null) return origin === appOrigin() ? null : origin;
  return headers.get("sec-fetch-site") === "cross-site" ? "another site" : null;
}
