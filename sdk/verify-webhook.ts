import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebhookEvent } from "./events.js";

// Verifies a Relay webhook. Relay signs every delivery twice, with the same secret, and this accepts either:
// - the spec's headers (docs/api-contract.md#signatures): `X-Service-Signature: sha256=<hex>` where hex is
//   HMAC-SHA256(signing secret as written, "<X-Service-Timestamp>.<raw body>");
// - Standard Webhooks' (https://www.standardwebhooks.com): `webhook-signature: v1,<base64>` where base64 is
//   HMAC-SHA256(the bytes the secret's tail after `whsec_` encodes, "<webhook-id>.<webhook-timestamp>.<raw body>").
// By default the scheme is chosen by the headers present, the spec's first (`scheme` forces one). Either way the
// timestamp must be at most 5 minutes from now.
//
// Rotation: while a signing secret is being rotated, Relay signs with both secrets and sends both values in each
// header, newest first: `sha256=<new>,sha256=<old>` and `v1,<new> v1,<old>`. A request is genuine when ANY listed
// signature matches ANY secret given here, so a bot keeps working whether it still holds the old secret, already
// holds the new one, or holds both (pass an array).
//
// Deduplicate on the envelope's `id`: it names this bot's delivery of the event (the same id on every retry and
// replay, also sent as `webhook-id` and `X-Service-Delivery`); `bot_id` names the bot it is for. Ids inside `data`
// (`data.message.id`...) are shared by every bot that hears the event.

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

/** `x-service`: X-Service-Timestamp and X-Service-Signature. `standard`: webhook-id, webhook-timestamp and
 * webhook-signature (Standard Webhooks). */
export type WebhookSignatureScheme = "x-service" | "standard";

export interface VerifyWebhookOptions {
  /** The current time in milliseconds since the epoch. Default `Date.now()`. */
  now?: number;
  /** How far the timestamp may be from now, either way, in seconds. Default DEFAULT_TOLERANCE_SECONDS. */
  toleranceSeconds?: number;
  /** Which headers to verify. Default: `x-service` when X-Service-Signature is present, else `standard` when
   * webhook-signature is. */
  scheme?: WebhookSignatureScheme;
}

const PREFIX = "sha256=";
const STANDARD_PREFIX = "v1,";

/** The `X-Service-Signature` value Relay sends for this body, secret and timestamp (seconds). For tests and tools. */
export function signWebhook(rawBody: string | Buffer, secret: string, timestamp: number): string {
  // Update with the raw bytes rather than a joined string: a Buffer body is hashed exactly as received.
  return PREFIX + createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/** The `webhook-signature` value (Standard Webhooks) Relay sends for this body, secret, webhook-id and timestamp. */
export function signStandardWebhook(rawBody: string | Buffer, secret: string, id: string, timestamp: number): string {
  return STANDARD_PREFIX + createHmac("sha256", standardKey(secret)).update(`${id}.${timestamp}.`).update(rawBody).digest("base64");
}

/** The Standard Webhooks key: the bytes the secret's tail after `whsec_` encodes in base64 (older Relay secrets are
 * base64url: Node decodes both alphabets to the same bytes). */
function standardKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  // An empty key would make signatures anyone can compute: a configuration mistake, fail loudly.
  if (key.length === 0) throw new TypeError("The signing secret encodes no bytes after whsec_");
  return key;
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

  const scheme =
    options.scheme ??
    (readHeader(headers, "x-service-signature") !== undefined
      ? "x-service"
      : readHeader(headers, "webhook-signature") !== undefined
        ? "standard"
        : "x-service");
  const names =
    scheme === "x-service"
      ? { timestamp: "X-Service-Timestamp", signature: "X-Service-Signature" }
      : { timestamp: "webhook-timestamp", signature: "webhook-signature" };
  const required =
    scheme === "standard"
      ? "webhook-id, webhook-timestamp and webhook-signature are required"
      : options.scheme
        ? "X-Service-Timestamp and X-Service-Signature are required"
        : "X-Service-Timestamp and X-Service-Signature (or webhook-id, webhook-timestamp and webhook-signature) are required";

  const timestampText = readHeader(headers, names.timestamp.toLowerCase());
  const signatureText = readHeader(headers, names.signature.toLowerCase());
  const id = scheme === "standard" ? (readHeader(headers, "webhook-id") ?? "") : "";
  if (!timestampText || !signatureText || (scheme === "standard" && !id)) {
    throw new WebhookVerificationError("missing_headers", required);
  }

  if (!/^\d{1,15}$/.test(timestampText)) {
    throw new WebhookVerificationError("invalid_timestamp", `${names.timestamp} must be whole seconds since the epoch`);
  }
  const timestamp = Number(timestampText);
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  // Both directions: an old request may be a captured one replayed; a future one could be replayed later.
  if (now - timestamp > tolerance) {
    throw new WebhookVerificationError("timestamp_too_old", `${names.timestamp} is more than ${tolerance} s old`);
  }
  if (timestamp - now > tolerance) {
    throw new WebhookVerificationError("timestamp_in_future", `${names.timestamp} is more than ${tolerance} s ahead`);
  }

  // Values of another scheme or version are skipped (a future one may be listed beside these): the spec's header
  // lists `sha256=<hex>` values separated by commas, Standard Webhooks' `v1,<base64>` values separated by spaces.
  const sent =
    scheme === "x-service"
      ? signatureText
          .split(",")
          .map((value) => value.trim())
          .filter((value) => value.startsWith(PREFIX))
          .map((value) => Buffer.from(value.slice(PREFIX.length), "hex"))
      : signatureText
          .split(" ")
          .filter((value) => value.startsWith(STANDARD_PREFIX))
          .map((value) => Buffer.from(value.slice(STANDARD_PREFIX.length), "base64"));
  const expectedFor = (candidate: string) =>
    scheme === "x-service"
      ? Buffer.from(signWebhook(rawBody, candidate, timestamp).slice(PREFIX.length), "hex")
      : Buffer.from(signStandardWebhook(rawBody, candidate, id, timestamp).slice(STANDARD_PREFIX.length), "base64");

  let valid = false;
  for (const candidate of secrets) {
    const expected = expectedFor(candidate);
    for (const signature of sent) {
      // timingSafeEqual needs equal lengths; the length of a sent value says nothing about the secret. No early
      // exit on a match either: the time taken does not depend on which pair matched.
      if (signature.length === expected.length && expected.length > 0 && timingSafeEqual(signature, expected)) {
        valid = true;
      }
    }
  }
  if (!valid) {
    throw new WebhookVerificationError("invalid_signature", `No ${names.signature} value matches the signing secret`);
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
