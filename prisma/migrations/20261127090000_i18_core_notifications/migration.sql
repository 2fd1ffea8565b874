-- Notifications (issue 18, docs/decisions/020-notifications.md): people learn, by email and by Web Push, that
-- something waits for their decision. lib/notifications/recipients.ts decides who is told; a job writes one row per
-- person and event here, and per-person, per-channel jobs deliver them, coalesced.

-- One thing a person is told about, in one workspace. `dedupe_key` makes the fan-out job idempotent (a retried job
-- writes nothing twice): `approval:<draft id>`, `reminder:<draft id>`, `bot_status:<bot id>:<changed at>` ...
-- Each channel's state: pending (to be sent), sent (with when), skipped (the channel was off, or the thing no
-- longer waited when its turn came).
CREATE TABLE "notifications" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "actor_user_id" UUID,
    "email_status" TEXT NOT NULL DEFAULT 'pending',
    "email_sent_at" TIMESTAMPTZ(3),
    "push_status" TEXT NOT NULL DEFAULT 'pending',
    "push_sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "notifications_kind" CHECK ("kind" IN ('approval', 'agent_request', 'fact', 'mention', 'bot_status', 'reminder', 'expired')),
    CONSTRAINT "notifications_email_status" CHECK ("email_status" IN ('pending', 'sent', 'skipped')),
    CONSTRAINT "notifications_push_status" CHECK ("push_status" IN ('pending', 'sent', 'skipped'))
);

CREATE UNIQUE INDEX "notifications_user_id_dedupe_key_key" ON "notifications"("user_id", "dedupe_key");
CREATE INDEX "notifications_user_id_workspace_id_created_at_idx" ON "notifications"("user_id", "workspace_id", "created_at");
-- When each channel last sent the person something in the workspace (the coalescing gap): max() reads one entry.
CREATE INDEX "notifications_user_id_workspace_id_email_sent_at_idx" ON "notifications"("user_id", "workspace_id", "email_sent_at");
CREATE INDEX "notifications_user_id_workspace_id_push_sent_at_idx" ON "notifications"("user_id", "workspace_id", "push_sent_at");
CREATE INDEX "notifications_email_pending_idx" ON "notifications"("user_id", "workspace_id") WHERE "email_status" = 'pending';
CREATE INDEX "notifications_push_pending_idx" ON "notifications"("user_id", "workspace_id") WHERE "push_status" = 'pending';

ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A person's choices per workspace. No row: the defaults (email and push on, no quiet hours, UTC). Quiet hours are
-- minutes after midnight in `time_zone` (an IANA name); start = end is refused, start > end spans midnight.
CREATE TABLE "notification_settings" (
    "user_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "email" BOOLEAN NOT NULL DEFAULT true,
    "push" BOOLEAN NOT NULL DEFAULT true,
    "quiet_start" INTEGER,
    "quiet_end" INTEGER,
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "notification_settings_pkey" PRIMARY KEY ("user_id", "workspace_id"),
    CONSTRAINT "notification_settings_quiet_hours" CHECK (
        ("quiet_start" IS NULL AND "quiet_end" IS NULL)
        OR ("quiet_start" BETWEEN 0 AND 1439 AND "quiet_end" BETWEEN 0 AND 1439 AND "quiet_start" <> "quiet_end"))
);

ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Emails kept on this machine when no SMTP server is configured (SMTP_URL unset): the person reads them at
-- /settings/notifications/outbox. `items` are the listed notifications, for the page's links.
CREATE TABLE "email_outbox" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "html_body" TEXT NOT NULL,
    "items" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "email_outbox_user_id_created_at_idx" ON "email_outbox"("user_id", "created_at");

ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One reminder for an approval still waiting after the workspace's reminder time (admins set it on "Bots & policy").
ALTER TABLE "workspace_settings" ADD COLUMN "approval_reminder_minutes" INTEGER NOT NULL DEFAULT 60;
ALTER TABLE "drafts" ADD COLUMN "reminded_at" TIMESTAMPTZ(3);
ALTER TABLE "agent_requests" ADD COLUMN "reminded_at" TIMESTAMPTZ(3);

-- The sweeps (every minute) read pending drafts by age and by expiry.
CREATE INDEX "drafts_pending_created_at_idx" ON "drafts"("created_at") WHERE "status" = 'pending';
CREATE INDEX "drafts_pending_expires_at_idx" ON "drafts"("expires_at") WHERE "status" = 'pending';
CREATE INDEX "agent_requests_pending_created_at_idx" ON "agent_requests"("created_at") WHERE "status" = 'pending_approval';

-- `draft.expired` is a core event: a bot's draft or held message never expires silently. New bots get it; bots that
-- hear `draft.approved` hear it too.
ALTER TABLE "bots" ALTER COLUMN "event_types"
    SET DEFAULT ARRAY['message.created', 'message.received', 'conversation.bot_added', 'draft.approved', 'draft.expired']::TEXT[];
UPDATE "bots" SET "event_types" = array_append("event_types", 'draft.expired')
    WHERE 'draft.approved' = ANY ("event_types") AND NOT 'draft.expired' = ANY ("event_types");
