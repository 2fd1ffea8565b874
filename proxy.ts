import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/http/api-response";
import { newNonce, oauthPopupPage, pageHeaders } from "@/lib/http/security-headers";

// Runs before every page (Next's nonce pattern: docs/decisions/017-security-headers.md): a fresh nonce in the
// page's Content-Security-Policy, passed to Next on the request (it puts the nonce on its own scripts) and sent on
// the response. API paths come here only when they hold a `%` (see `config`): the API's hot path never pays for
// this function, nor has its body buffered for it.
//
// A path whose percent-encoding is not UTF-8 (`%ff`, `%`, `%c3%28`) names nothing: Next would fail to decode its
// route parameters and answer a bare 500, so it stops here as a 404 (JSON on the API, the not-found page elsewhere).

export function proxy(request: NextRequest): Response {
  const { pathname } = request.nextUrl;
  const api = isApiPath(pathname);
  const malformed = !decodes(pathname);
  if (api) {
    return malformed
      ? errorResponse(new ApiError("not_found", "No route matches this path: it is not valid percent-encoded UTF-8"))
      : NextResponse.next();
  }

  const headers = pageHeaders({
    nonce: newNonce(),
    dev: env().NODE_ENV === "development",
    appUrl: env().APP_URL,
    oauthPopup: oauthPopupPage(pathname, request.nextUrl.searchParams),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = malformed
    ? // A path no route has: the app's not-found page, with its 404 status.
      NextResponse.rewrite(new URL("/_malformed-path", request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // Every page (and its server actions and prefetches), not Next's static files.
    "/((?!api(?:/|$)|_next/static/|_next/image).*)",
    // API paths only when they hold a `%`, to refuse malformed ones; `%`-free API requests never run the proxy.
    "/api/(.*%.*)",
  ],
};

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** Whether every segment of the path is valid percent-encoded UTF-8, as Next's route matching needs. */
function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
