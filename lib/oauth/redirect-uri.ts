// Which redirect URIs an OAuth client of Relay's may register (docs/decisions/026-mcp-oauth.md), whether it registers
// by Dynamic Client Registration or by a Client ID Metadata Document: the authorization server sends the person's
// browser there with an authorization code, so a URI that anyone on the network can read or rewrite is refused.
//
// - https: any host.
// - http: a loopback host only (`localhost`, `127.0.0.1`, `[::1]`; OAuth 2.1 §2.3.1, RFC 8252 §7.3, the MCP
//   authorization spec): the code never leaves the person's machine. Plain http anywhere else travels readable.
// - A private-use scheme of an app on the person's device (RFC 8252 §7.1, OAuth 2.1 §8.4.1), e.g. Cursor's
//   `cursor://anysphere.cursor-mcp/oauth/callback`: every Relay client is public and PKCE S256 is required, so an
//   app that claims the same scheme receives a code it cannot redeem. Never a scheme the browser itself runs or
//   reads (`javascript:`, `data:`, `file:`, ...): the consent page's answer is a link on Relay's origin.
// - Never a fragment (RFC 6749 §3.1.2: the code goes in the query), a user name or password (`https://user:pw@host`
//   reads as one host to a person and goes to another), spaces, control characters or a backslash (parsers disagree
//   about where the host of such a URI ends).

/** The loopback hosts an http redirect URI may name (as the URL parser writes them). */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Schemes a browser handles itself (runs, reads or fetches) rather than handing to an app. */
const BROWSER_SCHEMES = new Set([
  "about:",
  "blob:",
  "data:",
  "file:",
  "filesystem:",
  "ftp:",
  "javascript:",
  "vbscript:",
  "view-source:",
  "ws:",
  "wss:",
]);

/** Why `uri` may not be a redirect URI (a phrase that follows "redirect_uris"), or null when it may. */
export function redirectUriRefusal(uri: string): string | null {
  if (/[\u0000-\u0020\u007f\\]/.test(uri)) return "must not contain spaces, control characters or backslashes";
  const url = URL.parse(uri);
  if (!url) return "must be absolute URIs";
  if (uri.includes("#")) return "must not contain fragments (RFC 6749 §3.1.2)";
  if (url.username !== "" || url.password !== "") return "must not contain a user name or password";
  switch (url.protocol) {
    case "https:":
      return null;
    case "http:":
      return LOOPBACK_HOSTS.has(url.hostname)
        ? null
        : "must use https, or http on a loopback host only (localhost, 127.0.0.1 or [::1])";
    default:
      return BROWSER_SCHEMES.has(url.protocol) ? `must not use the ${url.protocol} scheme` : null;
  }
}

/** Whether `uri` (a URI the rule allows) goes to an app by a private-use scheme rather than over http(s). */
export function isPrivateUseRedirect(uri: string): boolean {
  const protocol = URL.parse(uri)?.protocol;
  return protocol !== undefined && protocol !== "https:" && protocol !== "http:";
}

/**
 * Where a redirect URI sends the person, as the consent page and Settings show it: the host (and port) of an http(s)
 * URI; the scheme and host of an app's (`cursor://anysphere.cursor-mcp`), so an app is never shown as a web site.
 */
export function redirectTarget(uri: string): string {
  const url = URL.parse(uri);
  if (!url) return "";
  if (!isPrivateUseRedirect(uri)) return url.host;
  return url.host ? `${url.protocol}//${url.host}` : url.protocol;
}
