/** Where to go after signing in: a path on this site, never another origin (`//evil.test`, `https://...`). */
export function safeCallbackPath(value: string | string[] | undefined | null, fallback = "/chat"): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

export function signInPath(callbackPath: string): string {
  return `/sign-in?callbackUrl=${encodeURIComponent(safeCallbackPath(callbackPath))}`;
}
