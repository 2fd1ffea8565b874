-- Webhook events and their delivery to bots (SPEC.md 6, DESIGN.md Webhooks, docs/decisions/006-webhook-delivery.md).

-- Which events a bot wants. The four core events by default; extension events are opted into in the portal.
-- A `ping` is always delivered.
ALTER TABLE "bots" ADD COLUMN "event_types" TEXT[] NOT NULL
    DEFAULT ARRAY['message.created', 'message.received', 'conversation.bot_added', 'draft.approved']::TEXT[];

CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- One row per (event, bot): its envelope, signed afresh on every attempt. The event id is shared by the bots that
-- receive one occurrence; the delivery id is the bot's. Both are stable across retries and replays.
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "event_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "bot_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "conversation_id" UUID,
    "payload" JSONB NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    -- Attempts since the delivery was created or last replayed: the position in the retry schedule.
    "round_attempt_count" INTEGER NOT NULL DEFAULT 0,
    "replayed_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3),
    -- Set while an attempt runs. An attempt lasts at most 15 s, so an old value means its worker died.
    "attempt_started_at" TIMESTAMPTZ(3),
    "last_response_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "webhook_deliveries_event_id_bot_id_key" ON "webhook_deliveries"("event_id", "bot_id");
CREATE INDEX "webhook_deliveries_bot_id_created_at_idx" ON "webhook_deliveries"("bot_id", "created_at");
CREATE INDEX "webhook_deliveries_bot_id_status_created_at_idx" ON "webhook_deliveries"("bot_id", "status", "created_at");
CREATE INDEX "webhook_deliveries_stalled_idx" ON "webhook_deliveries"("attempt_started_at") WHERE "status" = 'pending';

-- Every attempt, as sent and as answered.
CREATE TABLE "webhook_attempts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "trigger" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "request_headers" JSONB NOT NULL,
    "request_body" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webhook_attempts_delivery_id_number_idx" ON "webhook_attempts"("delivery_id", "number");

ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_bot_id_fkey"
    FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey"
    FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
