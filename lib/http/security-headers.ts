// The security headers of every answer, in one place (docs/decisions/017-security-headers.md). Three doors apply them:
// next.config.ts (the headers that never change, on every non-API path, static files included), proxy.ts (each
// page's Content-Security-Policy with a fresh script nonce, and HSTS) and lib/http/api-response.ts (every API answer:
// a locked-down policy, HSTS and X-Request-Id). No imports: next.config.ts and proxy.ts load this file too.

/** Headers whose value never depends on the request or the environment. */
export const STATIC_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "X-Content-Type-Options": "nosniff",
  // Legacy twin of `frame-ancestors 'none'`, for browsers that predate CSP level 2.
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Nothing in Relay uses these features: no page (nor anything a page embeds) may ask for them.
  "Permissions-Policy": [
    "accelerometer=()",
    "autoplay=()",
    "browsing-topics=()",
    "camera=()",
    "display-capture=()",
    "geolocation=()",
    "gyroscope=()",
    "magnetometer=()",
    "microphone=()",
    "midi=()",
    "payment=()",
    "publickey-credentials-get=()",
    "serial=()",
    "usb=()",
    "xr-spatial-tracking=()",
  ].join(", "),
});

/** API answers are data, never documents: they may load nothing and be framed by no one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Two years, subdomains included: sent only when the app's public origin is https. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** HSTS for an app served at `appUrl` (lib/env.ts APP_URL), or nothing over plain http (a browser ignores it there). */
export function hstsHeader(appUrl: string): Record<string, string> {
  return isHttps(appUrl) ? { "Strict-Transport-Security": HSTS } : {};
}

export interface PageCspOptions {
  /** A fresh, unguessable value per response (`newNonce`). */
  nonce: string;
  /** `next dev`: React rebuilds server error stacks with eval, and the dev overlay injects its styles inline. */
  dev: boolean;
  /** APP_URL: an https origin also upgrades any http:// subresource (on plain http that would break every load). */
  appUrl: string;
}

/**
 * A page's policy (Next's documented nonce pattern): scripts only with this response's nonce, and what they load
 * ('strict-dynamic'); styles from our own files or with the nonce (the server-rendered HTML has no style=""
 * attribute and no <style> without it); workers and everything else from our own origin; no plugins, no <base>, forms post
 * only to us, and no other site may frame the page (clickjacking the approval gate).
 */
export function pageCsp({ nonce, dev, appUrl }: PageCspOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker (public/sw.js, Web Push). 'strict-dynamic' alone would let a nonced script start a worker
    // from any URL, blob: and data: included; this allows workers only from our own origin (decision 021).
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps(appUrl) ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The headers a page answer adds to STATIC_HEADERS (which next.config.ts sets on every non-API path). */
export function pageHeaders(options: PageCspOptions): Record<string, string> {
  return { "Content-Security-Policy": pageCsp(options), ...hstsHeader(options.appUrl) };
}

/** Every header an API answer carries besides X-Request-Id; a route's own stronger choice (an attachment's
 * `sandbox` policy, `no-referrer`) is kept by whoever applies these (lib/http/api-response.ts). */
export function apiHeaders(appUrl: string): Record<string, string> {
  return { ...STATIC_HEADERS, "Content-Security-Policy": API_CSP, ...hstsHeader(appUrl) };
}

/** 128 random bits, base64: a CSP nonce. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * next.config.ts `headers()`: STATIC_HEADERS on every path outside /api (pages, static files, icons). API answers
 * get theirs from lib/http/api-response.ts, because a header set here wins over the route's own (Next keeps the
 * first value), and an attachment must keep its stronger `sandbox` policy.
 */
export function staticHeaderRules() {
  return [
    {
      source: "/((?!api(?:/|$)).*)",
      headers: Object.entries(STATIC_HEADERS).map(([key, value]) => ({ key, value })),
    },
  ];
}

function isHttps(url: string): boolean {
  return url.toLowerCase().startsWith("https:");
}
