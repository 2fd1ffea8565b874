import type { Env } from "@/lib/env";

// next-auth 4 takes its origin from the server's environment (node_modules/next-auth/utils/detect-origin.js):
// NEXTAUTH_URL when set, else the Host header of each request, but only when AUTH_TRUST_HOST is set. Without
// NEXTAUTH_URL (local use) it must trust the Host header, so sign-in redirects stay on whatever port the app was
// started on. `npm start` / `npm run dev` hand these variables to the Next server they spawn (scripts/serve.ts):
// nothing writes to the environment at run time.

/** The variables next-auth reads that the Next server's environment must carry, beyond the operator's own. */
export function nextAuthEnvironment(config: Pick<Env, "NEXTAUTH_URL">): Record<string, string> {
  return config.NEXTAUTH_URL ? {} : { AUTH_TRUST_HOST: "true" };
}
