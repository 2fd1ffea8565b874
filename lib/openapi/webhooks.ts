import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { webhookEnvelope } from "@/lib/schemas/webhook-events";
import { IDS, WEBHOOK_EXAMPLES } from "./examples";

// The 3.1 `webhooks` section: what a bot's webhook URL receives, one POST per event type, with its headers and the
// envelope of lib/schemas/webhook-events.ts. The words follow docs/guides/bot-developers.md "Webhooks" and
// docs/api-contract.md#signatures.

const header = (description: string, example: string) => z.string().meta({ description, example });

/** The request headers of every delivery: the spec's `X-Service-*` and the Standard Webhooks ones. */
const DELIVERY_HEADERS = z.object({
  "X-Service-Event": header("The event type, as in the envelope's `type`", "message.created"),
  "X-Service-Timestamp": header(
    "Unix seconds when this attempt was signed; reject more than 5 minutes old",
    "1931938013",
  ),
  "X-Service-Signature": header(
    "`sha256=<hex>`: HMAC-SHA256 with the bot's signing secret over `<timestamp>.<raw body>`; during a secret " +
      "rotation, both secrets' signatures, comma-separated, newest first (accept when any matches)",
    "sha256=5d1f0c3b9e7a2d4c6b8a0f1e3d5c7b9a1f3e5d7c9b1a3f5e7d9c1b3a5f7e9d1c",
  ),
  "X-Service-Delivery": header("The delivery's id, stable across retries and replays", IDS.delivery),
  "webhook-id": header("Standard Webhooks: the envelope's `id` (deduplicate on it)", IDS.delivery),
  "webhook-timestamp": header("Standard Webhooks: Unix seconds, as `X-Service-Timestamp`", "1931938013"),
  "webhook-signature": header(
    'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed with ' +
      "the base64 after `whsec_` of the signing secret; space-separated during a rotation. Verifiable with the " +
      "`standardwebhooks` and `svix` libraries",
    "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  ),
});

export function registerWebhooks(registry: OpenAPIRegistry) {
  for (const type of EVENT_TYPES) {
    const envelope = webhookEnvelope(type);
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `webhook_${type.replace(/\./g, "_")}`,
      tags: ["Webhooks"],
      // No credential: the receiver authenticates the request by its signature headers below.
      security: [],
      summary: `\`${type}\`: ${envelope.description ?? type}`,
      description:
        `Relay POSTs this to the bot's webhook URL${type === "ping" ? " (never retried)" : ""}. Verify a signature ` +
        "before trusting the body, then deduplicate on the envelope's `id` (one per receiving bot, stable across " +
        "retries and replays). Any 2xx within 15 seconds acknowledges; anything else is retried 5 s, 5 min, 30 min, " +
        "2 h, 5 h, 10 h and 10 h later.",
      request: {
        headers: DELIVERY_HEADERS,
        body: {
          required: true,
          content: { "application/json": { schema: envelope, example: WEBHOOK_EXAMPLES[type] } },
        },
      },
      responses: {
        200: { description: "Acknowledged (any 2xx within 15 seconds)" },
        400: { description: "Not acknowledged (any other answer, a timeout or a redirect): retried" },
      },
    });
  }
}
