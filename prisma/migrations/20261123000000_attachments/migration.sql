-- Files people (and, later, bots) attach to messages (SPEC.md: "File metadata is under `message.attachments`").
-- The bytes live on local disk, content-addressed by their SHA-256 (lib/attachments/storage.ts); a row is one upload
-- of them: who uploaded it (a person or a bot, exactly one), where, and the message that uses it once it is posted.
-- An upload is used by at most one message; until then message_id is null.
CREATE TABLE "attachments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "conversation_id" UUID,
    "uploaded_by_user_id" UUID,
    "uploaded_by_bot_id" UUID,
    "message_id" UUID,
    "name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "attachments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "attachments_one_uploader" CHECK (("uploaded_by_user_id" IS NULL) <> ("uploaded_by_bot_id" IS NULL)),
    CONSTRAINT "attachments_size_positive" CHECK ("size" > 0),
    CONSTRAINT "attachments_sha256_hex" CHECK ("sha256" ~ '^[0-9a-f]{64}$')
);

CREATE INDEX "attachments_conversation_id_idx" ON "attachments"("conversation_id");
CREATE INDEX "attachments_message_id_idx" ON "attachments"("message_id");
-- Whether a file on disk is still referenced (several uploads of the same bytes share one file).
CREATE INDEX "attachments_sha256_idx" ON "attachments"("sha256");

ALTER TABLE "attachments" ADD CONSTRAINT "attachments_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_conversation_id_fkey"
    FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_bot_id_fkey"
    FOREIGN KEY ("uploaded_by_bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_fkey"
    FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;
