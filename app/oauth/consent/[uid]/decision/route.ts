import { decideConsent } from "@/lib/oauth/consent";
import { personRoute } from "@/lib/http/person-route";
import { readForm } from "@/lib/oauth/consent-form";

// The consent page's answer (Allow / Deny): recorded, then the browser goes back to the authorization endpoint,
// which sends it to the client with a code or `access_denied`. Only from Relay's own pages (personRoute).
export const POST = personRoute<{ uid: string }>(
  { route: "/oauth/consent/[uid]/decision", signInTo: "answer a connection request" },
  async ({ actor, params, request }) => {
    const decision = readForm(await request.formData());
    const location = await decideConsent(request, params.uid, actor, decision);
    return new Response(null, { status: 303, headers: { Location: location } });
  },
);
