import { env } from "@/lib/env";

// Where Relay sends a browser (issue 31, finding 1): the one judge of every redirect target, whoever supplied it
// (a `callbackUrl` in a link, a page's own path, next-auth's callback, the OAuth provider's `returnTo`, an
// unsubscribe link's page). A target is kept only when it resolves, against APP_URL, to a path on APP_URL's own
// origin; what is given back is that path as the URL parser wrote it, so a Location header never holds a raw
// character a browser would read differently from us.
//
// Refused before parsing, because browsers and servers disagree about them (the WHATWG parser drops tabs and
// newlines anywhere in a URL, and reads a backslash as a slash): control characters (C0, DEL, C1), backslashes, and
// the percent-encoded forms of the slashes and controls in the path (`%2f`, `%5c`, `%00`–`%1f`, `%7f`), which a
// proxy or a framework may decode a second time. `/%09/evil.example` and `/\t/evil.example` both stay here. Refused after
// parsing: another origin, and a path that starts with `//` (`/.//evil.example` resolves to one), which a browser
// reads as another host when it is written as a relative Location.
//
// public/sw.js cannot import this module; its `appPath` applies the same rules, and lib/http/redirect-target.test.ts
// runs both against one table of targets.

const REFUSED_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\]/;
const REFUSED_ENCODINGS = /%(?:2f|5c|[01][0-9a-f]|7f)/i;

/**
 * The path (with its query and fragment) a browser may be sent to for `target`, or null when the target is not a
 * path on this site. Absolute URLs are accepted when they are on APP_URL's origin; the answer is always a path.
 */
export function sameOriginPath(target: unknown, appUrl: string = env().APP_URL): string | null {
  if (typeof target !== "string" || target === "") return null;
  // Encoded slashes and controls are refused in the path; a query may carry them (the sign-in page's encoded
  // `callbackUrl`, judged again when it is followed).
  const path = target.split(/[?#]/, 1)[0]!;
  if (REFUSED_CHARACTERS.test(target) || REFUSED_ENCODINGS.test(path) || !target.isWellFormed()) return null;
  const origin = new URL(appUrl).origin;
  const url = URL.parse(target, `${origin}/`);
  if (!url || url.origin !== origin || url.username || url.password) return null;
  const kept = `${url.pathname}${url.search}${url.hash}`;
  if (!kept.startsWith("/") || kept.startsWith("//")) return null;
  return kept;
}

/** `sameOriginPath`, or `fallback` when the target is refused. Query values arrive as string arrays too. */
export function redirectPath(target: string | string[] | null | undefined, fallback: string): string {
  return sameOriginPath(Array.isArray(target) ? target[0] : target) ?? fallback;
}

/** The absolute URL of a judged path, on APP_URL (for a Location header that must be absolute). */
export function appUrlOf(path: string): string {
  return new URL(path, env().APP_URL).toString();
}
