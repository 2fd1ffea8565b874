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
  // Nothing in Relay uses these features: no page (nor anything a page embeds) may ask for them. Passkeys (issue 34)
  // are Relay's own pages' alone: WebAuthn's get for this origin, never for a frame of another (create's default is
  // already the origin itself).
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
    "publickey-credentials-get=(self)",
    "serial=()",
    "usb=()",
    "xr-spatial-tracking=()",
  ].join(", "),
});

/**
 * Cross-Origin-Resource-Policy (issue 31): pages, static files and private API answers may be loaded only by our own
 * pages (another site's <img> or <script> cannot pull them into its process, where a Spectre-style read could see
 * them). The documents meant for other origins (PUBLIC_PATHS) say `cross-origin`. CORS requests (an MCP client's
 * fetch of the OAuth metadata) are not governed by it either way.
 */
export const CORP_PRIVATE = "same-origin";
export const CORP_PUBLIC = "cross-origin";

/**
 * Cross-Origin-Opener-Policy (issue 31): a page of ours shares its browsing context group with no other site's
 * window, so a page that opened it (or that it opens) cannot reach it through `window.opener` or a handle (tabnabbing,
 * XS-leaks by frame counting). The steps of an OAuth authorization keep `unsafe-none`: an MCP client may run them in a
 * popup and read the code back through `window.opener` on its own redirect page, which `same-origin` anywhere along
 * the way would sever for good (`oauthPopupPage`).
 */
export const COOP_ISOLATED = "same-origin";
export const COOP_OAUTH_POPUP = "unsafe-none";

/**
 * Whether a page is a step of an OAuth authorization (the authorization server's own pages under /oauth/, the consent
 * page and its answer, and the sign-in page on the way to consent).
 */
export function oauthPopupPage(pathname: string, search: URLSearchParams): boolean {
  if (pathname.startsWith("/oauth/")) return true;
  return pathname === "/sign-in" && (search.get("callbackUrl") ?? "").startsWith("/oauth/");
}

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

/**
 * The headers a page answer adds to those next.config.ts sets on every non-API path (STATIC_HEADERS and CORP).
 * `oauthPopup`: the page is a step of an OAuth authorization (`oauthPopupPage`).
 */
export function pageHeaders(options: PageCspOptions & { oauthPopup: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": pageCsp(options),
    "Cross-Origin-Opener-Policy": options.oauthPopup ? COOP_OAUTH_POPUP : COOP_ISOLATED,
    ...hstsHeader(options.appUrl),
  };
}

/** Every header an API answer carries besides X-Request-Id; a route's own choice (an attachment's `sandbox` policy,
 * `no-referrer`, a public document's `cross-origin` resource policy) is kept by whoever applies these
 * (lib/http/api-response.ts). An API answer opened as a document (an attachment in a tab) is isolated like a page. */
export function apiHeaders(appUrl: string): Record<string, string> {
  return {
    ...STATIC_HEADERS,
    "Content-Security-Policy": API_CSP,
    "Cross-Origin-Opener-Policy": COOP_ISOLATED,
    "Cross-Origin-Resource-Policy": CORP_PRIVATE,
    ...hstsHeader(appUrl),
  };
}

/** 128 random bits, base64: a CSP nonce. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * next.config.ts `headers()`: STATIC_HEADERS on every path outside /api (pages, static files, icons), with CORP:
 * `cross-origin` on the OAuth authorization server's documents and endpoints, which other origins' clients read
 * (/.well-known/*, /oauth/* but the consent page), `same-origin` on everything else. API answers get theirs from
 * lib/http/api-response.ts, because a header set here wins over the route's own (Next keeps the first value), and an
 * attachment must keep its stronger `sandbox` policy.
 */
export function staticHeaderRules() {
  const rule = (source: string, corp: string) => ({
    source,
    headers: Object.entries({ ...STATIC_HEADERS, "Cross-Origin-Resource-Policy": corp }).map(([key, value]) => ({
      key,
      value,
    })),
  });
  return [
    rule("/((?!api(?:/|$)|\\.well-known/|oauth/(?!consent/)).*)", CORP_PRIVATE),
    rule("/(\\.well-known/.*|oauth/(?!consent/).*)", CORP_PUBLIC),
  ];
}

function isHttps(url: string): boolean {
  return url.toLowerCase().startsWith("https:");
}
