import { textProblem } from "@/lib/text/hostile-text";

/**
 * Where to go after signing in: a path on this site, never another origin (`//evil.test`, `https://...`), and never
 * a text the text rule refuses (an unpaired surrogate cannot even be URL-encoded).
 */
export function safeCallbackPath(value: string | string[] | undefined | null, fallback = "/chat"): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\") || textProblem(path)) return fallback;
  return path;
}

export function signInPath(callbackPath: string): string {
  return `/sign-in?callbackUrl=${encodeURIComponent(safeCallbackPath(callbackPath))}`;
}
