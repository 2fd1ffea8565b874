import type { WebhookAttempt, WebhookDelivery } from "@/lib/generated/prisma/client";
import type { AttemptTrigger } from "./attempt-delivery";

// What the portal and the CLI show of a delivery and its attempts: snake_case and ISO times, declared once here as
// the shape they read: a wire format, not a row (the rows are Prisma's models, or a statement naming columns so).

export interface DeliverySummary {
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookDelivery["status"];
  attempt_count: number;
  last_response_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  completed_at: string | null;
  conversation_id: string | null;
}

export interface AttemptView {
  id: string;
  number: number;
  trigger: AttemptTrigger;
  url: string;
  request_headers: Record<string, string>;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
  started_at: string;
}

/** What a summary reads of a `webhook_deliveries` row: the Prisma model, or a row read in SQL and named the same. */
export type DeliveryRecord = Pick<
  WebhookDelivery,
  | "id"
  | "eventId"
  | "eventType"
  | "status"
  | "attemptCount"
  | "lastResponseStatus"
  | "lastError"
  | "nextAttemptAt"
  | "createdAt"
  | "completedAt"
  | "conversationId"
>;

export function serializeDelivery(delivery: DeliveryRecord): DeliverySummary {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempt_count: delivery.attemptCount,
    last_response_status: delivery.lastResponseStatus,
    last_error: delivery.lastError,
    next_attempt_at: delivery.status === "pending" ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: delivery.createdAt.toISOString(),
    completed_at: delivery.completedAt?.toISOString() ?? null,
    conversation_id: delivery.conversationId,
  };
}

export function serializeAttempt(attempt: WebhookAttempt): AttemptView {
  return {
    id: attempt.id,
    number: attempt.number,
    trigger: attempt.trigger as AttemptTrigger,
    url: attempt.url,
    request_headers: attempt.requestHeaders as Record<string, string>,
    request_body: attempt.requestBody,
    response_status: attempt.responseStatus,
    response_body: attempt.responseBody,
    duration_ms: attempt.durationMs,
    error: attempt.error,
    started_at: attempt.startedAt.toISOString(),
  };
}
