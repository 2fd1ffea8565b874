import { personRoute } from "@/lib/http/person-route";
import { notAllowed } from "@/lib/http/not-allowed";
import { vapidKeys } from "@/lib/notifications/push/vapid-keys";

// GET /api/chat/push/key: the app server's VAPID public key (base64url, 65 bytes), the `applicationServerKey` a
// browser subscribes with (components/chat/push-opt-in.tsx). The same for everyone; a session is asked all the same.

export const dynamic = "force-dynamic";

export const GET = personRoute<Record<string, never>>({ route: "/api/chat/push/key", signInTo: "turn on notifications" }, async () =>
  Response.json({ public_key: vapidKeys().publicKey }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
