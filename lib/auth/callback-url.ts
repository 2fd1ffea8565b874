import { redirectPath } from "@/lib/http/redirect-target";

/** The sign-in page that comes back to `callbackPath` (judged like every redirect: lib/http/redirect-target.ts). */
export function signInPath(callbackPath: string): string {
  return `/sign-in?callbackUrl=${encodeURIComponent(redirectPath(callbackPath, "/chat"))}`;
}
