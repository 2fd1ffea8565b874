import { ECDH } from "node:crypto";
import net from "node:net";
import { loopbackWebhooksAllowed } from "@/lib/deployment/settings";
import { ApiError } from "@/lib/errors";
import { isLoopbackAddress, literalRefusal } from "@/lib/net/public-address";

// A push endpoint is a URL our server POSTs to on a browser's word: the same door as a webhook URL (SSRF), with the
// same rules. https only; http only to loopback, and only where the deployment allows loopback webhooks
// (lib/deployment/settings.ts: a local install, the tests); no credentials in it; an address written in it must be
// public unicast (loopback where allowed). A name is judged by what it resolves to at each send
// (lib/webhooks/post-webhook.ts), so DNS rebinding gains nothing.

const LOOPBACK_NAMES = new Set(["localhost", "localhost."]);

export async function validatePushEndpoint(value: string): Promise<string> {
  const refuse = (why: string) => new ApiError("invalid_body", `Request body is invalid: endpoint: ${why}`, { field: "endpoint" });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse("must be a URL");
  }
  if (url.username || url.password) throw refuse("must not carry credentials");
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("must use https");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const loopbackName = LOOPBACK_NAMES.has(host) || host.endsWith(".localhost");
  const literal = net.isIP(host) > 0;
  const loopback = loopbackName || (literal && isLoopbackAddress(host));
  const allowLoopback = loopback ? await loopbackWebhooksAllowed() : false;
  if (url.protocol === "http:" && !(loopback && allowLoopback)) {
    throw refuse(
      loopback
        ? "must use https (http to loopback needs a deployment started with ALLOW_LOOPBACK_WEBHOOKS=true)"
        : "must use https",
    );
  }
  if (loopback && !allowLoopback) throw refuse(`${host} is a loopback address`);
  const refused = literalRefusal(url, allowLoopback);
  if (refused) throw refuse(refused);
  return url.toString();
}

/** The browser's key must be a point on P-256, or nothing could ever be encrypted for it. */
export function validateBrowserKey(p256dh: string): void {
  try {
    ECDH.convertKey(Buffer.from(p256dh, "base64url"), "prime256v1");
  } catch {
    throw new ApiError("invalid_body", "Request body is invalid: keys.p256dh: is not a P-256 public key", {
      field: "keys.p256dh",
    });
  }
}
