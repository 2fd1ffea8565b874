import { ApiError } from "@/lib/errors";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * Webhooks to loopback (http://localhost, 127.0.0.1, ::1) are for bots on the same machine: allowed when
 * ALLOW_LOOPBACK_WEBHOOKS=true; unset, allowed outside production. `npm start` on the embedded database is a local
 * install, so it sets the variable for its processes unless it is given (scripts/serve.ts).
 */
export function loopbackWebhooksAllowed(): boolean {
  const value = process.env.ALLOW_LOOPBACK_WEBHOOKS || (process.env.NODE_ENV === "production" ? "false" : "true");
  return value === "true";
}

/**
 * Webhook URLs must be https; http only to loopback, and only when ALLOW_LOOPBACK_WEBHOOKS=true (DESIGN.md).
 * The address a name resolves to is checked again at delivery time (SSRF).
 */
export function validateWebhookUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError("invalid_body", `Webhook URL "${value}" is not a valid URL`);
  }
  if (url.username || url.password) throw new ApiError("invalid_body", "Webhook URL must not carry credentials");
  if (url.protocol === "https:") return url.toString();
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname) && loopbackWebhooksAllowed()) return url.toString();
  throw new ApiError(
    "invalid_body",
    url.protocol === "http:" && LOOPBACK.has(url.hostname)
      ? "Webhook URL must use https (http to loopback needs ALLOW_LOOPBACK_WEBHOOKS=true)"
      : "Webhook URL must use https",
  );
}
