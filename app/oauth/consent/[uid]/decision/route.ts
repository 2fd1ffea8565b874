import { decideConsent } from "@/lib/oauth/consent";
import { personRoute } from "@/lib/http/person-route";
import { readForm } from "@/lib/oauth/consent-form";
import escapeHtml from "escape-html";

// The consent page's answer (Allow / Deny): recorded, then the browser goes back to the authorization endpoint,
// which sends it to the client with a code or `access_denied`. Only from Relay's own pages (personRoute).
//
// Not a 303: the page's Content-Security-Policy has `form-action 'self'`, and browsers apply it to every redirect
// that follows a form's POST, so a chain ending at the client's redirect URI (another origin) would be blocked. A
// small page that moves on by itself (meta refresh; a link for a browser that does not) makes it a navigation.
export const POST = personRoute<{ uid: string }>(
  { route: "/oauth/consent/[uid]/decision", signInTo: "answer a connection request" },
  async ({ actor, params, request }) => {
    const decision = readForm(await request.formData());
    const location = escapeHtml(await decideConsent(request, params.uid, actor, decision));
    const page =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${location}">` +
      `<title>Back to your assistant · Relay</title></head><body><p>Answer recorded. ` +
      `<a href="${location}">Continue to your assistant</a>.</p></body></html>`;
    return new Response(page, {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  },
);
