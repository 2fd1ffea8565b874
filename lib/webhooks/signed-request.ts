import { envelopeOf } from "./envelope";
import { signatureHeader, standardSignatureHeader } from "./sign";

// What a delivery sends, built in one place for every way it leaves: the body (the envelope of lib/webhooks/envelope.ts,
// serialized once: the signatures cover these exact bytes) and its headers, the spec's `X-Service-*` exactly as ever
// and Standard Webhooks' beside them (docs/decisions/024), signed with every live secret. A real attempt
// (attempt-delivery.ts) and `relay listen`'s stream (stream-bot-events.ts) both call it, so what a developer's laptop
// receives is byte for byte what their webhook URL would (docs/decisions/039-relay-listen.md).

/** A delivery as stored: its row's id, bot and type, and its payload. */
export interface StoredDelivery {
  id: string;
  botId: string;
  eventType: string;
  payload: unknown;
}

export interface SigningOptions {
  /** The bot's live signing secrets, newest first (two during a rotation's overlap). */
  secrets: string[];
  /** When it is signed, Unix seconds: a new one on every attempt, so a replay verifies too. */
  timestamp: number;
}

export interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

/** Set on an event made by `relay trigger` (POST /events/trigger): its ids are samples, it happened nowhere. */
export const TEST_EVENT_HEADER = "X-Relay-Test";

/** Whether a stored payload is a triggered sample (its payload says `test: true`, outside the envelope). */
export const isTestEvent = (payload: unknown) =>
  typeof payload === "object" && payload !== null && (payload as { test?: unknown }).test === true;

export function signedRequest(delivery: StoredDelivery, { secrets, timestamp }: SigningOptions): SignedRequest {
  const envelope = envelopeOf(delivery);
  const body = JSON.stringify(envelope);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "Relay-Webhooks/1.0",
    "X-Service-Event": delivery.eventType,
    "X-Service-Timestamp": String(timestamp),
    "X-Service-Signature": signatureHeader(secrets, { timestamp, body }),
    "X-Service-Delivery": delivery.id,
    "webhook-id": envelope.id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": standardSignatureHeader(secrets, { webhookId: envelope.id, timestamp, body }),
  };
  if (isTestEvent(delivery.payload)) headers[TEST_EVENT_HEADER] = "true";
  return { body, headers };
}
