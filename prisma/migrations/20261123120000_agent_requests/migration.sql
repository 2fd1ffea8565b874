-- Bot-to-bot requests over trusted connections (SPEC.md: Agent request; issue 6). A connection is a trust statement
-- by people: between two bots, with the request types each may ask the other and whether a person of the asking
-- side approves each request first. It is live once the admins of both bots' workspaces accepted it (one admin
-- suffices when both bots share a workspace) and until either side revokes it. Requests travel only over a live
-- connection (lib/agents/, README "Agent requests").
CREATE TYPE "agent_request_type" AS ENUM ('availability', 'document', 'info', 'schedule_proposal');
CREATE TYPE "agent_request_status" AS ENUM ('pending_approval', 'awaiting_response', 'answered', 'declined', 'expired');

-- Side A is the bot whose admin proposed; side B the other. Workspaces are copied from the bots (a bot never moves)
-- so a workspace's connections are found without a join. At most one connection that is not revoked per pair of
-- bots, whichever side proposed it.
CREATE TABLE "bot_connections" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "bot_a_id" UUID NOT NULL,
    "bot_b_id" UUID NOT NULL,
    "workspace_a_id" UUID NOT NULL,
    "workspace_b_id" UUID NOT NULL,
    "types_a_to_b" "agent_request_type"[] NOT NULL DEFAULT '{}',
    "types_b_to_a" "agent_request_type"[] NOT NULL DEFAULT '{}',
    "requires_approval" BOOLEAN NOT NULL DEFAULT true,
    "proposed_by_user_id" UUID NOT NULL,
    "accepted_a_by_user_id" UUID,
    "accepted_a_at" TIMESTAMPTZ(3),
    "accepted_b_by_user_id" UUID,
    "accepted_b_at" TIMESTAMPTZ(3),
    "revoked_by_user_id" UUID,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bot_connections_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "bot_connections_two_bots" CHECK ("bot_a_id" <> "bot_b_id"),
    CONSTRAINT "bot_connections_some_type" CHECK (cardinality("types_a_to_b") + cardinality("types_b_to_a") > 0),
    CONSTRAINT "bot_connections_accepted_a" CHECK (("accepted_a_at" IS NULL) = ("accepted_a_by_user_id" IS NULL)),
    CONSTRAINT "bot_connections_accepted_b" CHECK (("accepted_b_at" IS NULL) = ("accepted_b_by_user_id" IS NULL))
);

CREATE UNIQUE INDEX "bot_connections_live_pair_key" ON "bot_connections"(LEAST("bot_a_id", "bot_b_id"), GREATEST("bot_a_id", "bot_b_id")) WHERE "revoked_at" IS NULL;
CREATE INDEX "bot_connections_bot_a_id_idx" ON "bot_connections"("bot_a_id");
CREATE INDEX "bot_connections_bot_b_id_idx" ON "bot_connections"("bot_b_id");
CREATE INDEX "bot_connections_workspace_a_id_idx" ON "bot_connections"("workspace_a_id");
CREATE INDEX "bot_connections_workspace_b_id_idx" ON "bot_connections"("workspace_b_id");

ALTER TABLE "bot_connections" ADD CONSTRAINT "bot_connections_bot_a_id_fkey"
    FOREIGN KEY ("bot_a_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bot_connections" ADD CONSTRAINT "bot_connections_bot_b_id_fkey"
    FOREIGN KEY ("bot_b_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bot_connections" ADD CONSTRAINT "bot_connections_workspace_a_id_fkey"
    FOREIGN KEY ("workspace_a_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bot_connections" ADD CONSTRAINT "bot_connections_workspace_b_id_fkey"
    FOREIGN KEY ("workspace_b_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One question of one bot to another. `delivered_at` is when it reached the addressed bot (at once, or when a person
-- approved it): the addressed bot sees it only from then on. `expires_at` is when an unanswered request expires
-- (AGENT_REQUEST_TTL_HOURS after creation, restarted when a person approves it); reads treat a request past it as
-- expired even before the sweep (jobs/tasks/expire-agent-requests.ts) writes that down.
CREATE TABLE "agent_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "connection_id" UUID NOT NULL,
    "from_bot_id" UUID NOT NULL,
    "to_bot_id" UUID NOT NULL,
    "type" "agent_request_type" NOT NULL,
    "question" TEXT NOT NULL,
    "status" "agent_request_status" NOT NULL,
    "reasons" TEXT[] NOT NULL DEFAULT '{}',
    "response_body" TEXT,
    "response_attachment_id" UUID,
    "decided_by_user_id" UUID,
    "decided_via" TEXT,
    "decision_note" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "answered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "agent_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "agent_requests_two_bots" CHECK ("from_bot_id" <> "to_bot_id"),
    CONSTRAINT "agent_requests_question_length" CHECK (char_length("question") BETWEEN 1 AND 4000),
    CONSTRAINT "agent_requests_answered" CHECK (("status" = 'answered') = ("answered_at" IS NOT NULL AND "response_body" IS NOT NULL))
);

CREATE INDEX "agent_requests_to_bot_id_created_at_idx" ON "agent_requests"("to_bot_id", "created_at", "id");
CREATE INDEX "agent_requests_from_bot_id_created_at_idx" ON "agent_requests"("from_bot_id", "created_at", "id");
CREATE INDEX "agent_requests_connection_id_idx" ON "agent_requests"("connection_id");
-- The expiry sweep and the approvals inbox read only open requests.
CREATE INDEX "agent_requests_open_expires_at_idx" ON "agent_requests"("expires_at") WHERE "status" IN ('pending_approval', 'awaiting_response');

ALTER TABLE "agent_requests" ADD CONSTRAINT "agent_requests_connection_id_fkey"
    FOREIGN KEY ("connection_id") REFERENCES "bot_connections"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agent_requests" ADD CONSTRAINT "agent_requests_from_bot_id_fkey"
    FOREIGN KEY ("from_bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agent_requests" ADD CONSTRAINT "agent_requests_to_bot_id_fkey"
    FOREIGN KEY ("to_bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "agent_requests" ADD CONSTRAINT "agent_requests_response_attachment_id_fkey"
    FOREIGN KEY ("response_attachment_id") REFERENCES "attachments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
