import escapeHtml from "escape-html";
import { signInPath } from "@/lib/auth/callback-url";
import { browserActor } from "@/lib/auth/current-actor";
import { signedInPerson } from "@/lib/auth/session";
import { ApiError } from "@/lib/errors";
import { apiHandler } from "@/lib/http/api-handler";
import { appUrlOf, redirectPath } from "@/lib/http/redirect-target";
import { crossSite } from "@/lib/http/same-origin";
import { COOP_OAUTH_POPUP } from "@/lib/http/security-headers";
import { log } from "@/lib/log";
import { decideConsent } from "@/lib/oauth/consent";
import { problemOf, readForm, type ConsentProblem } from "@/lib/oauth/consent-form";

// The consent page's answer (Allow / Deny): recorded, then the browser goes back to the authorization endpoint,
// which sends it to the client with a code or `access_denied`. Only from Relay's own pages, as the signed-in person.
//
// Not a 303: the page's Content-Security-Policy has `form-action 'self'`, and browsers apply it to every redirect
// that follows a form's POST, so a chain ending at the client's redirect URI (another origin) would be blocked. A
// small page that moves on by itself (meta refresh; a link for a browser that does not) makes it a navigation.
//
// A person is in a browser here, not a program: an answer that is not recorded (a form Relay did not write, a
// workspace not theirs, an expired or unknown request, another site's page, no session) goes back to a page of
// Relay's (303, same origin) that says why, never JSON and never a 500: the consent page with `?problem=<key>`
// (lib/oauth/consent-form.ts; an expired request says so there), or sign-in, which returns to the consent page.
const ROUTE = "/oauth/consent/[uid]/decision";

const seeOther = (path: string) =>
  new Response(null, {
    status: 303,
    headers: { Location: appUrlOf(redirectPath(path, "/chat")), "Cache-Control": "no-store" },
  });

export const POST = Object.assign(
  apiHandler(
    async (request: Request, context: { params: Promise<{ uid: string }> }) => {
      const { uid } = await context.params;
      const page = `/oauth/consent/${encodeURIComponent(uid)}`;
      const back = (problem: ConsentProblem) => seeOther(`${page}?problem=${problem}`);
      if (crossSite(request.headers)) return back("cross_site");
      const me = await signedInPerson();
      if (!me) return seeOther(signInPath(page));
      let location: string;
      try {
        const form = await request.formData().catch(() => {
          throw new ApiError("invalid_body", "The answer is not the consent page's form");
        });
        location = await decideConsent(browserActor(me), { request, uid, decision: readForm(form) });
      } catch (error) {
        if (!(error instanceof ApiError)) log().error({ err: error }, "recording an OAuth consent failed");
        return back(problemOf(error));
      }
      // The provider's `returnTo` (its authorization endpoint, on APP_URL) is judged like every redirect target.
      const href = escapeHtml(appUrlOf(redirectPath(location, "/chat")));
      const html =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}">` +
        `<title>Back to your assistant · Relay</title></head><body><p>Answer recorded. ` +
        `<a href="${href}">Continue to your assistant</a>.</p></body></html>`;
      return new Response(html, {
        status: 200,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          // A step of the authorization, which a client may run in a popup: its opener stays (security-headers.ts).
          "Cross-Origin-Opener-Policy": COOP_OAUTH_POPUP,
        },
      });
    },
    { route: ROUTE },
  ),
  { template: ROUTE },
);
