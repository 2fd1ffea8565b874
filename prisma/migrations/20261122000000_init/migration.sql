-- CreateEnum
CREATE TYPE "workspace_status" AS ENUM ('active', 'restricted', 'suspended');
CREATE TYPE "member_role" AS ENUM ('member', 'admin');
CREATE TYPE "bot_status" AS ENUM ('active', 'paused', 'stopped');
CREATE TYPE "sensitivity" AS ENUM ('normal', 'high');
CREATE TYPE "message_kind" AS ENUM ('text', 'card', 'system');
CREATE TYPE "draft_origin" AS ENUM ('draft', 'held_message');
CREATE TYPE "draft_status" AS ENUM ('pending', 'approved', 'rejected', 'expired');
CREATE TYPE "follow_up_status" AS ENUM ('pending', 'scheduled', 'sent', 'cancelled');

-- CreateTable
CREATE TABLE "workspaces" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "workspace_status" NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "workspaces_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "workspace_settings" (
    "workspace_id" UUID NOT NULL,
    "new_bot_threshold" INTEGER NOT NULL DEFAULT 50,
    "daily_limit" INTEGER NOT NULL DEFAULT 1000,
    "conversation_limit" INTEGER,
    "conversation_window_seconds" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "workspace_settings_pkey" PRIMARY KEY ("workspace_id")
);

CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "handle" TEXT NOT NULL,
    "password_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "memberships" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "member_role" NOT NULL DEFAULT 'member',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "contacts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "sensitivity" "sensitivity" NOT NULL DEFAULT 'normal',
    "do_not_contact" BOOLEAN NOT NULL DEFAULT false,
    "do_not_contact_by_user_id" UUID,
    "do_not_contact_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "conversations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "title" TEXT,
    "last_seq" INTEGER NOT NULL DEFAULT 0,
    "last_message_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_message_preview" TEXT NOT NULL DEFAULT '',
    "taken_over_by_user_id" UUID,
    "taken_over_at" TIMESTAMPTZ(3),
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "conversations_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "conversation_participants" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "conversation_id" UUID NOT NULL,
    "user_id" UUID,
    "contact_id" UUID,
    "joined_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "conversation_participants_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "conversation_participants_one_subject" CHECK (("user_id" IS NULL) <> ("contact_id" IS NULL))
);

CREATE TABLE "bots" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "handle" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "bot_status" NOT NULL DEFAULT 'active',
    "status_reason" TEXT,
    "status_changed_at" TIMESTAMPTZ(3),
    "status_changed_by" UUID,
    "webhook_url" TEXT,
    "trusted_message_count" INTEGER NOT NULL DEFAULT 0,
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bots_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "bot_signing_secrets" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "bot_id" UUID NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    CONSTRAINT "bot_signing_secrets_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "api_keys" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "bot_id" UUID NOT NULL,
    "name" TEXT NOT NULL DEFAULT 'default',
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "bot_authorizations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "conversation_id" UUID NOT NULL,
    "bot_id" UUID NOT NULL,
    "authorized_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_by_user_id" UUID,
    CONSTRAINT "bot_authorizations_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "conversation_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" "message_kind" NOT NULL DEFAULT 'text',
    "body" TEXT NOT NULL,
    "blocks" JSONB,
    "sender_user_id" UUID,
    "sender_bot_id" UUID,
    "approved_by_user_id" UUID,
    "draft_id" UUID,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "edited_at" TIMESTAMPTZ(3),
    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "drafts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "conversation_id" UUID NOT NULL,
    "bot_id" UUID NOT NULL,
    "origin" "draft_origin" NOT NULL,
    "status" "draft_status" NOT NULL DEFAULT 'pending',
    "body" TEXT NOT NULL,
    "original_body" TEXT NOT NULL,
    "blocks" JSONB,
    "rationale" TEXT,
    "reasons" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "follow_up_body" TEXT,
    "follow_up_delay_minutes" INTEGER,
    "follow_up_status" "follow_up_status",
    "follow_up_due_at" TIMESTAMPTZ(3),
    "follow_up_cancel_reason" TEXT,
    "follow_up_message_id" UUID,
    "message_id" UUID,
    "edited" BOOLEAN NOT NULL DEFAULT false,
    "decided_by_user_id" UUID,
    "decided_via" TEXT,
    "decision_note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "drafts_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "idempotency_keys" (
    "bot_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "response_headers" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("bot_id","key")
);

CREATE TABLE "opt_outs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "conversation_id" UUID,
    "user_id" UUID,
    "contact_id" UUID,
    "keyword" TEXT,
    "recorded_by_user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "opt_outs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "opt_outs_one_subject" CHECK (("user_id" IS NULL) <> ("contact_id" IS NULL))
);

CREATE TABLE "bot_blocks" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "conversation_id" UUID NOT NULL,
    "bot_id" UUID NOT NULL,
    "blocked_by_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_by_user_id" UUID,
    CONSTRAINT "bot_blocks_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "policy_decisions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "bot_id" UUID NOT NULL,
    "conversation_id" UUID,
    "mode" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reasons" TEXT[],
    "excerpt" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "policy_decisions_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "audit_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" UUID,
    "via" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" UUID,
    "data" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "workspaces_slug_key" ON "workspaces"("slug");
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE UNIQUE INDEX "users_handle_key" ON "users"("handle");
CREATE UNIQUE INDEX "memberships_workspace_id_user_id_key" ON "memberships"("workspace_id", "user_id");
CREATE INDEX "contacts_workspace_id_idx" ON "contacts"("workspace_id");
CREATE INDEX "conversations_workspace_id_last_message_at_idx" ON "conversations"("workspace_id", "last_message_at");
CREATE UNIQUE INDEX "conversation_participants_conversation_id_user_id_key" ON "conversation_participants"("conversation_id", "user_id");
CREATE UNIQUE INDEX "conversation_participants_conversation_id_contact_id_key" ON "conversation_participants"("conversation_id", "contact_id");
CREATE INDEX "conversation_participants_contact_id_idx" ON "conversation_participants"("contact_id");
CREATE INDEX "conversation_participants_user_id_idx" ON "conversation_participants"("user_id");
CREATE UNIQUE INDEX "bots_handle_key" ON "bots"("handle");
CREATE INDEX "bots_workspace_id_idx" ON "bots"("workspace_id");
CREATE INDEX "bot_signing_secrets_bot_id_idx" ON "bot_signing_secrets"("bot_id");
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");
CREATE INDEX "api_keys_bot_id_idx" ON "api_keys"("bot_id");
CREATE INDEX "bot_authorizations_bot_id_idx" ON "bot_authorizations"("bot_id");
CREATE INDEX "bot_authorizations_conversation_id_idx" ON "bot_authorizations"("conversation_id");
CREATE UNIQUE INDEX "messages_conversation_id_seq_key" ON "messages"("conversation_id", "seq");
CREATE INDEX "messages_sender_bot_id_created_at_idx" ON "messages"("sender_bot_id", "created_at");
CREATE INDEX "drafts_conversation_id_status_idx" ON "drafts"("conversation_id", "status");
CREATE INDEX "drafts_bot_id_created_at_idx" ON "drafts"("bot_id", "created_at");
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");
CREATE INDEX "opt_outs_workspace_id_idx" ON "opt_outs"("workspace_id");
CREATE INDEX "bot_blocks_conversation_id_bot_id_idx" ON "bot_blocks"("conversation_id", "bot_id");
CREATE INDEX "policy_decisions_workspace_id_created_at_idx" ON "policy_decisions"("workspace_id", "created_at");
CREATE INDEX "policy_decisions_bot_id_created_at_idx" ON "policy_decisions"("bot_id", "created_at");
CREATE INDEX "audit_events_workspace_id_created_at_idx" ON "audit_events"("workspace_id", "created_at");

-- Partial unique indexes Prisma's schema cannot express: one active authorization, block and opt-out per subject.
CREATE UNIQUE INDEX "bot_authorizations_active_key" ON "bot_authorizations"("conversation_id", "bot_id") WHERE "revoked_at" IS NULL;
CREATE UNIQUE INDEX "bot_blocks_active_key" ON "bot_blocks"("conversation_id", "bot_id") WHERE "revoked_at" IS NULL;

-- AddForeignKey
ALTER TABLE "workspace_settings" ADD CONSTRAINT "workspace_settings_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bots" ADD CONSTRAINT "bots_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
