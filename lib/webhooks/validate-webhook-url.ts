import { loopbackWebhooksAllowed } from "@/lib/deployment/settings";
import { ApiError } from "@/lib/errors";
import { checkName } from "@/lib/net/check-name";
import { addressLiteral, isLoopbackAddress, literalRefusal } from "@/lib/net/public-address";

/** Something a save let through but the person saving should know (the form shows it beside its field). */
export interface FieldWarning {
  field: string;
  message: string;
}

/**
 * Checks a webhook URL before it is stored (every door that sets one: the portal's forms, the CLI's `bot create`,
 * `bot update` and `seed`, all through createBot and updateBot). It must be https; http only to loopback
 * (http://localhost, 127.0.0.1, ::1: bots on the same machine), and only where the deployment allows it
 * (lib/deployment/settings.ts; docs/design.md#loopback-webhooks). An address written in it must pass the address
 * rule (lib/net/public-address.ts), or it is refused here rather than at every delivery.
 *
 * A name is resolved now, within a few seconds, and only warned about: when it resolves to a refused address or
 * does not resolve at all, deliveries will fail until its DNS changes, which may be the developer's next step. The
 * address is judged again at each delivery (lib/webhooks/post-webhook.ts), whatever it resolved to here.
 */
export async function validateWebhookUrl(value: string): Promise<{ url: string; warnings: FieldWarning[] }> {
  const refuse = (message: string) => new ApiError("invalid_body", message, { field: "webhook_url" });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse(`Webhook URL "${value}" is not a valid URL`);
  }
  if (url.username || url.password) throw refuse("Webhook URL must not carry credentials");
  const literal = addressLiteral(url);
  const loopback = url.hostname === "localhost" || (literal !== null && isLoopbackAddress(literal));
  const allowLoopback = await loopbackWebhooksAllowed();
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback && allowLoopback)) {
    throw refuse(
      url.protocol === "http:" && loopback
        ? "Webhook URL must use https (http to loopback needs a deployment started with ALLOW_LOOPBACK_WEBHOOKS=true)"
        : "Webhook URL must use https",
    );
  }
  const refused = literalRefusal(url, allowLoopback);
  if (refused) {
    throw refuse(
      `Webhook URL's address ${refused}: webhooks go only to global unicast addresses${
        loopback ? " (loopback where the deployment allows it, ALLOW_LOOPBACK_WEBHOOKS=true)" : ""
      }`,
    );
  }
  const warnings: FieldWarning[] = [];
  if (!literal) {
    const host = url.hostname;
    const check = await checkName(host, { allowLoopback });
    if (check.outcome === "refused")
      warnings.push({
        field: "webhook_url",
        message: `${host} resolves to ${check.address}, ${check.reason}: deliveries will be refused until it resolves to a global unicast address`,
      });
    if (check.outcome === "unresolved")
      warnings.push({
        field: "webhook_url",
        message: `${host} does not resolve (${check.why}): deliveries will fail until it does`,
      });
  }
  return { url: url.toString(), warnings };
}
