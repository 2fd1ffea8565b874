import { apiHandler } from "@/lib/http/api-handler";
import { respond, newRequestId } from "@/lib/http/api-response";
import { notAllowed } from "@/lib/http/not-allowed";
import { redirectPath } from "@/lib/http/redirect-target";
import { readUnsubscribeToken, unsubscribeByToken, UNSUBSCRIBE_PAGE_PATH } from "@/lib/notifications/unsubscribe";
import { ApiError } from "@/lib/errors";

// An email's one-click unsubscribe (RFC 8058; lib/notifications/unsubscribe.ts). No session: the signed token is the
// permission, and it only turns email off for its person in its workspace.
// - POST (a mail client's `List-Unsubscribe=One-Click`, or the confirmation page's button, `?from=page`): turns email
//   off; 200 JSON, or 303 back to the page saying it is done. The body is not read: the token decides.
// - GET never acts (link scanners and prefetchers follow links): 303 to the confirmation page.

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

/** The confirmation page of a token, judged like every redirect target (lib/http/redirect-target.ts). */
const pageOf = (token: string, query = "") =>
  redirectPath(`${UNSUBSCRIBE_PAGE_PATH}${encodeURIComponent(token)}${query}`, "/settings/notifications");

export const GET = apiHandler(async (_request: Request, context: Context) => {
  const { token } = await context.params;
  if (!readUnsubscribeToken(token)) throw new ApiError("not_found", "This unsubscribe link is not valid");
  return new Response(null, { status: 303, headers: { Location: pageOf(token), "Cache-Control": "no-store" } });
});

export const POST = apiHandler(async (request: Request, context: Context) => {
  const { token } = await context.params;
  const { changed } = await unsubscribeByToken(token);
  if (new URL(request.url).searchParams.get("from") === "page") {
    return new Response(null, {
      status: 303,
      headers: { Location: pageOf(token, "?done=1"), "Cache-Control": "no-store" },
    });
  }
  return respond(200, {
    body: { data: { email: "off", changed } },
    headers: { "Cache-Control": "no-store" },
    requestId: newRequestId(),
  });
});

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
