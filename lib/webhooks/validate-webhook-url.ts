import { loopbackWebhooksAllowed } from "@/lib/deployment/settings";
import { ApiError } from "@/lib/errors";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Webhook URLs must be https; http only to loopback (http://localhost, 127.0.0.1, ::1: bots on the same machine), and
 * only where the deployment allows it (lib/deployment/settings.ts; docs/design.md#loopback-webhooks). The address a
 * name resolves to is checked again at delivery time (SSRF: lib/webhooks/post-webhook.ts).
 */
export async function validateWebhookUrl(value: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError("invalid_body", `Webhook URL "${value}" is not a valid URL`, { field: "webhook_url" });
  }
  if (url.username || url.password)
    throw new ApiError("invalid_body", "Webhook URL must not carry credentials", { field: "webhook_url" });
  if (url.protocol === "https:") return url.toString();
  const loopback = url.protocol === "http:" && LOOPBACK.has(url.hostname);
  if (loopback && (await loopbackWebhooksAllowed())) return url.toString();
  throw new ApiError(
    "invalid_body",
    loopback
      ? "Webhook URL must use https (http to loopback needs a deployment started with ALLOW_LOOPBACK_WEBHOOKS=true)"
      : "Webhook URL must use https",
    { field: "webhook_url" },
  );
}
