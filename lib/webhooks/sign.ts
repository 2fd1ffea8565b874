import { createHmac } from "node:crypto";

// docs/api-contract.md#signatures: HMAC-SHA256 over "<timestamp>.<raw body>", hex, sent as `sha256=<hex>`. During a
// signing secret's rotation window both secrets sign and the header lists both, newest first, comma-separated
// (docs/decisions/006-webhook-delivery.md); a receiver accepts the request when any listed signature matches.

export function signedString(timestamp: number, body: string): string {
  return `${timestamp}.${body}`;
}

export function computeSignature(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(signedString(timestamp, body)).digest("hex");
}

/** The X-Service-Signature value for these secrets (newest first). */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return secrets.map((secret) => `sha256=${computeSignature(secret, timestamp, body)}`).join(",");
}
