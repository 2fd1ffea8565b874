import { personRoute } from "@/lib/http/person-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { parseJson, readBodyText } from "@/lib/http/read-body";
import { validate } from "@/lib/schemas/validate";
import { listPushDevices } from "@/lib/notifications/push/list-push-devices";
import { subscribePush } from "@/lib/notifications/push/subscribe-push";
import { unsubscribePush } from "@/lib/notifications/push/unsubscribe-push";
import { PushSubscriptionInput, PushUnsubscribeInput } from "@/lib/schemas/push";

// The signed-in person's Web Push devices (docs/guides/people-and-admins.md "Notifications"):
// GET: their devices {devices: [{id, endpoint, label, created_at, last_success_at}]};
// POST a browser's PushSubscription (its toJSON()): 201 {id, label, created_at, last_success_at}; the endpoint must
// be https to a public address (lib/notifications/push/validate-push-endpoint.ts), else 422;
// DELETE {endpoint}: 204, or 404 for an endpoint that is not one of theirs.
// Writes another site's page makes are refused 403 (personRoute: crossSite).

export const dynamic = "force-dynamic";

export const GET = personRoute<Record<string, never>>(
  { route: "/api/chat/push/subscriptions", signInTo: "see your devices" },
  async ({ actor }) => Response.json({ devices: await listPushDevices(actor) }),
);

export const POST = personRoute<Record<string, never>>(
  { route: "/api/chat/push/subscriptions", signInTo: "turn on notifications" },
  async ({ actor, request }) => {
    const input = validate(PushSubscriptionInput, { input: parseJson(await readBodyText(request)) });
    return Response.json(
      await subscribePush(actor, { subscription: input, userAgent: request.headers.get("user-agent") }),
      { status: 201 },
    );
  },
);

export const DELETE = personRoute<Record<string, never>>(
  { route: "/api/chat/push/subscriptions", signInTo: "turn off notifications" },
  async ({ actor, request }) => {
    const { endpoint } = validate(PushUnsubscribeInput, { input: parseJson(await readBodyText(request)) });
    await unsubscribePush(actor, endpoint);
    return new Response(null, { status: 204 });
  },
);

export const { PUT, PATCH, OPTIONS } = notAllowed("GET", "POST", "DELETE");
