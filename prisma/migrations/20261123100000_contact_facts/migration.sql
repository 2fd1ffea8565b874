-- Contact memory (issue 5): facts about a contact that bots propose and people confirm. Nothing is deleted: a fact
-- moves candidate -> confirmed | rejected, and confirmed -> superseded (a newer confirmed fact on its key, or an
-- edit, which is a new fact) | retired (a person withdrew it). Who decided and when stays on the row; the audit
-- trail (audit_events) keeps every change with its door (web, cli, mcp).
CREATE TYPE "fact_status" AS ENUM ('candidate', 'confirmed', 'rejected', 'superseded', 'retired');

CREATE TABLE "contact_facts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "workspace_id" UUID NOT NULL,
    "contact_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "fact" TEXT NOT NULL,
    "status" "fact_status" NOT NULL DEFAULT 'candidate',
    -- The message the fact was learned from; null once that message is deleted (the fact is then stale).
    "source_message_id" UUID,
    -- Legacy conversation memory (POST /conversations/{id}/memory) is scoped to the conversation it came from.
    "conversation_id" UUID,
    "proposed_by_bot_id" UUID,
    "proposed_by_user_id" UUID,
    "decided_by_user_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "confirmed_at" TIMESTAMPTZ(3),
    "superseded_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "contact_facts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "contact_facts_key_form" CHECK ("key" ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$')
);

CREATE INDEX "contact_facts_contact_id_status_idx" ON "contact_facts"("contact_id", "status");
CREATE INDEX "contact_facts_conversation_id_idx" ON "contact_facts"("conversation_id");
CREATE INDEX "contact_facts_source_message_id_idx" ON "contact_facts"("source_message_id");

ALTER TABLE "contact_facts" ADD CONSTRAINT "contact_facts_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contact_facts" ADD CONSTRAINT "contact_facts_contact_id_fkey"
    FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "contact_facts" ADD CONSTRAINT "contact_facts_source_message_id_fkey"
    FOREIGN KEY ("source_message_id") REFERENCES "messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "contact_facts" ADD CONSTRAINT "contact_facts_conversation_id_fkey"
    FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "contact_facts" ADD CONSTRAINT "contact_facts_proposed_by_bot_id_fkey"
    FOREIGN KEY ("proposed_by_bot_id") REFERENCES "bots"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "contact_facts" ADD CONSTRAINT "contact_facts_superseded_by_id_fkey"
    FOREIGN KEY ("superseded_by_id") REFERENCES "contact_facts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
