import type { Env } from "@/lib/env";

// next-auth 4 takes its origin from the server's environment (node_modules/next-auth/utils/detect-origin.js):
// NEXTAUTH_URL when set, else the Host header of each request (X-Forwarded-Host first), but only when
// AUTH_TRUST_HOST is set. That origin is the base of its redirects and callback URLs, and its redirect callback
// (lib/auth/options.ts) allows any URL on it: an origin taken from a header the client chooses is the client's.
// So with NEXTAUTH_URL unset, an APP_URL the operator set is next-auth's origin too. Without either (local use) it
// must trust the Host header, so sign-in redirects stay on whatever host and port the app was reached at.
// `npm start` / `npm run dev` hand these variables to the Next server they spawn (scripts/serve.ts), and the
// production entry applies the same rule (scripts/standalone/relay-server.mjs): nothing writes to the environment at
// run time.

/** The variables next-auth reads that the Next server's environment must carry, beyond the operator's own. */
export function nextAuthEnvironment(
  config: Pick<Env, "NEXTAUTH_URL" | "APP_URL" | "appUrlSet">,
): Record<string, string> {
  if (config.NEXTAUTH_URL) return {};
  return config.appUrlSet ? { NEXTAUTH_URL: config.APP_URL } : { AUTH_TRUST_HOST: "true" };
}
