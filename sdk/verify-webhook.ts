import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookEvent } from "./events.js";

// Verifies a Relay webhook (docs/api-contract.md#signatures): `X-Service-Signature: sha256=<hex>` where hex is
// HMAC-SHA256(signing secret, "<X-Service-Timestamp>.<raw body>"), and a timestamp at most 5 minutes from now.
//
// Rotation: while a signing secret is being rotated, Relay signs with both secrets and sends both values in one
// header, newest first: `sha256=<new>,sha256=<old>`. A request is genuine when ANY listed signature matches ANY
// secret given here, so a bot keeps working whether it still holds the old secret, already holds the new one, or
// holds both (pass an array).

export type WebhookVerificationReason =
  | "missing_headers"
  | "invalid_timestamp"
  | "timestamp_too_old"
  | "timestamp_in_future"
  | "invalid_signature"
  /** Correctly signed but not JSON: cannot come from Relay, reported here so that verifyWebhook only throws this. */
  | "invalid_body";

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** A Fetch `Headers` (Next.js, Deno, Bun) or Node's `req.headers` (lower-case names, possibly arrays). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** How old (or how far ahead) a webhook's timestamp may be by default: 5 minutes. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface VerifyWebhookOptions {
  /** The current time in milliseconds since the epoch. Default `Date.now()`. */
  now?: number;
  /** How far X-Service-Timestamp may be from now, either way, in seconds. Default DEFAULT_TOLERANCE_SECONDS. */
  toleranceSeconds?: number;
}

const PREFIX = "sha256=";

/** The `X-Service-Signature` value Relay sends for this body, secret and timestamp (seconds). For tests and tools. */
export function signWebhook(rawBody: string | Buffer, secret: string, timestamp: number): string {
  // Update with the raw bytes rather than a joined string: a Buffer body is hashed exactly as received.
  return PREFIX + createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/**
 * Checks a webhook request and returns its parsed envelope, or throws WebhookVerificationError (see `reason`).
 * Pass the body exactly as received: parsing and re-serializing JSON changes the bytes that were signed.
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  headers: WebhookHeaders,
  secret: string | string[],
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  // A missing secret is a configuration mistake, not a bad request: fail loudly rather than reject (or accept) all.
  const secrets = (Array.isArray(secret) ? secret : [secret]).filter((s) => s.length > 0);
  if (secrets.length === 0) throw new TypeError("verifyWebhook needs a signing secret");

  const timestampText = readHeader(headers, "x-service-timestamp");
  const signatureText = readHeader(headers, "x-service-signature");
  if (!timestampText || !signatureText) {
    throw new WebhookVerificationError("missing_headers", "X-Service-Timestamp and X-Service-Signature are required");
  }

  if (!/^\d{1,15}$/.test(timestampText)) {
    throw new WebhookVerificationError(
      "invalid_timestamp",
      "X-Service-Timestamp must be whole seconds since the epoch",
    );
  }
  const timestamp = Number(timestampText);
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  // Both directions: an old request may be a captured one replayed; a future one could be replayed later.
  if (now - timestamp > tolerance) {
    throw new WebhookVerificationError("timestamp_too_old", `X-Service-Timestamp is more than ${tolerance} s old`);
  }
  if (timestamp - now > tolerance) {
    throw new WebhookVerificationError("timestamp_in_future", `X-Service-Timestamp is more than ${tolerance} s ahead`);
  }

  // Values other than `sha256=<hex>` are skipped (a future scheme may be listed beside this one).
  const sent = signatureText
    .split(",")
    .map((value) => value.trim())
    .filter((value) => value.startsWith(PREFIX))
    .map((value) => Buffer.from(value.slice(PREFIX.length), "hex"));

  let valid = false;
  for (const candidate of secrets) {
    const expected = Buffer.from(signWebhook(rawBody, candidate, timestamp).slice(PREFIX.length), "hex");
    for (const signature of sent) {
      // timingSafeEqual needs equal lengths; the length of a sent value says nothing about the secret. No early
      // exit on a match either: the time taken does not depend on which pair matched.
      if (signature.length === expected.length && timingSafeEqual(signature, expected)) valid = true;
    }
  }
  if (!valid) {
    throw new WebhookVerificationError("invalid_signature", "No X-Service-Signature value matches the signing secret");
  }

  try {
    return JSON.parse(typeof rawBody === "string" ? rawBody : rawBody.toString("utf8")) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("invalid_body", "The body is not JSON");
  }
}

/** Case-insensitive header lookup; Node gives duplicated unknown headers joined by ", ", or as an array. */
function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  // Duck-typed rather than `instanceof Headers`: frameworks may bring their own Headers class.
  if (typeof headers.get === "function") return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(",") : value;
  }
  return undefined;
}
