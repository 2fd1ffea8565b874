import "server-only";
import { redirect } from "next/navigation";
import { redirectPath } from "@/lib/http/redirect-target";

/**
 * Next's `redirect`, to a target judged like every redirect (lib/http/redirect-target.ts): a path on this site, else
 * `fallback`. Pages and server actions redirect through here, never with `redirect` directly.
 */
export function redirectInApp(target: string | string[] | null | undefined, fallback = "/chat"): never {
  redirect(redirectPath(target, fallback));
}
