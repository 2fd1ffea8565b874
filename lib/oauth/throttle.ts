import { addressKey, clientAddress } from "@/lib/net/client-address";
import { requestLimit } from "@/lib/throttle/request-limit";
import { OAUTH_REGISTRATIONS, OAUTH_TOKENS } from "@/lib/throttle/policies";

// The authorization server's open doors that cost the server whatever the answer: dynamic client registration (a
// row each) and the token endpoint (a code or refresh token lookup each), counted per client address across all app
// processes (lib/throttle/policies.ts). Over the limit: 429 with Retry-After and an OAuth-shaped JSON error.

const LIMITED: Record<string, typeof OAUTH_TOKENS> = {
  "/oauth/register": OAUTH_REGISTRATIONS,
  "/oauth/token": OAUTH_TOKENS,
};

/** A 429 when `request` is over its endpoint's limit; null when it may go on. */
export async function throttleOAuth(request: Request): Promise<Response | null> {
  const policy = LIMITED[new URL(request.url).pathname];
  if (!policy) return null;
  const waitMs = await requestLimit(policy).take(addressKey(clientAddress(request.headers)));
  if (waitMs === 0) return null;
  const seconds = Math.ceil(waitMs / 1000);
  return Response.json(
    {
      error: "too_many_requests",
      error_description: `Too many requests from your address: try again in ${seconds} seconds`,
    },
    { status: 429, headers: { "Retry-After": String(seconds), "Cache-Control": "no-store" } },
  );
}
