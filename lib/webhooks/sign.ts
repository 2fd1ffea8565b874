import { createHmac } from "node:crypto";

// Two signature schemes over one delivery, both with every live secret (docs/decisions/024):
// - the spec's (docs/api-contract.md#signatures): HMAC-SHA256 over "<timestamp>.<raw body>", hex, sent as
//   `X-Service-Signature: sha256=<hex>`; the key is the secret as written, `whsec_` and all (unchanged since the
//   first bot, so no receiver has to change);
// - Standard Webhooks (https://www.standardwebhooks.com): HMAC-SHA256 over "<webhook-id>.<timestamp>.<raw body>",
//   base64, sent as `webhook-signature: v1,<base64>`; the key is the bytes the secret's tail after `whsec_` encodes.
// During a signing secret's rotation window both secrets sign: the spec's header lists both, newest first,
// comma-separated (docs/decisions/006-webhook-delivery.md); the standard header lists both, space-separated.

export function signedString(timestamp: number, body: string): string {
  return `${timestamp}.${body}`;
}

/** What a signature covers: a delivery's timestamp (Unix seconds) and its raw body. */
export interface SignOptions {
  timestamp: number;
  body: string;
}

export function computeSignature(secret: string, { timestamp, body }: SignOptions): string {
  return createHmac("sha256", secret).update(signedString(timestamp, body)).digest("hex");
}

/** The X-Service-Signature value for these secrets (newest first). */
export function signatureHeader(secrets: string[], { timestamp, body }: SignOptions): string {
  return secrets.map((secret) => `sha256=${computeSignature(secret, { timestamp, body })}`).join(",");
}

/**
 * The Standard Webhooks key of a secret: the bytes its tail encodes. New secrets are standard base64; secrets issued
 * before decision 024 are base64url. Node's base64 decoder reads both alphabets, so the key of an old secret is the
 * same 32 random bytes, and rewriting its `-` and `_` as `+` and `/` gives a secret the libraries accept.
 */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
}

/** What a Standard Webhooks signature covers: the message's id (`webhook-id`) too. */
export interface StandardSignOptions extends SignOptions {
  webhookId: string;
}

export function computeStandardSignature(
  secret: string,
  { webhookId: id, timestamp, body }: StandardSignOptions,
): string {
  return createHmac("sha256", standardKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
}

/** The webhook-signature value for these secrets (newest first). */
export function standardSignatureHeader(
  secrets: string[],
  { webhookId, timestamp, body }: StandardSignOptions,
): string {
  return secrets.map((secret) => `v1,${computeStandardSignature(secret, { webhookId, timestamp, body })}`).join(" ");
}
