-- Contact search (issue 5): word matching (Postgres full-text search) and vector similarity over a contact's
-- messages and facts, fused by reciprocal rank fusion (lib/memory/search-contact.ts).

-- pgvector where the server offers it (managed PostgreSQL does; the embedded server does not): search then uses it.
-- Without the right to create it, nothing changes and search stays on the exact path.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
        CREATE EXTENSION IF NOT EXISTS vector;
    END IF;
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'pgvector is available but this role cannot create it: contact search uses exact cosine';
END $$;

-- One vector per subject (a message or a fact) and model: vectors of different models never compare, and a model
-- change re-embeds everything without losing the old vectors until they are dropped. `real[]` works on every
-- PostgreSQL; where pgvector exists, search casts it (`embedding::vector(N)`) and an HNSW expression index per model
-- is created at run time (lib/memory/pgvector.ts), since the dimensions depend on the model.
CREATE TABLE "embeddings" (
    "subject_type" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "model" TEXT NOT NULL,
    "embedding" REAL[] NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "embeddings_pkey" PRIMARY KEY ("subject_type", "subject_id", "model"),
    CONSTRAINT "embeddings_subject_type" CHECK ("subject_type" IN ('message', 'fact'))
);

ALTER TABLE "embeddings" ADD CONSTRAINT "embeddings_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- How far each conversation's messages are embedded, per model: every message with seq <= embedded_seq has its
-- vector (system messages are skipped, not embedded). Seqs are gapless and commit in order per conversation (the
-- insert holds the conversation row until commit), so this watermark is exact: the embedding job finds new work
-- with one scan of conversations, never an anti-join over all messages, and the search's vector cache knows what
-- it is missing per conversation (lib/memory/vector-cache.ts).
CREATE TABLE "embedding_progress" (
    "conversation_id" UUID NOT NULL,
    "model" TEXT NOT NULL,
    "embedded_seq" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "embedding_progress_pkey" PRIMARY KEY ("conversation_id", "model")
);

ALTER TABLE "embedding_progress" ADD CONSTRAINT "embedding_progress_conversation_id_fkey"
    FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search with the `english` configuration (stemming, English stopwords), the expressions the search
-- queries with. A query of stopwords alone ("to be or not to be") gives an empty tsquery: the vector side then
-- answers alone (lib/memory/search-contact.ts).
CREATE INDEX "messages_body_fts_idx" ON "messages" USING GIN (to_tsvector('english'::regconfig, "body"));
CREATE INDEX "contact_facts_fact_fts_idx" ON "contact_facts" USING GIN (to_tsvector('english'::regconfig, "fact"));

-- Vectors go with their subject. Messages are deleted only with their conversation (or workspace); facts never
-- are, except with their contact: one statement-level trigger each, off the insert path.
CREATE FUNCTION "embeddings_forget_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM embeddings WHERE subject_type = 'message' AND subject_id IN (SELECT id FROM gone);
    RETURN NULL;
END $$;
CREATE TRIGGER "messages_forget_embeddings" AFTER DELETE ON "messages"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "embeddings_forget_messages"();

CREATE FUNCTION "embeddings_forget_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM embeddings WHERE subject_type = 'fact' AND subject_id IN (SELECT id FROM gone);
    RETURN NULL;
END $$;
CREATE TRIGGER "contact_facts_forget_embeddings" AFTER DELETE ON "contact_facts"
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "embeddings_forget_facts"();

-- A fact written anywhere (a bot's proposal, a person's confirmation or edit, the CLI, MCP) queues the embedding
-- job in the same transaction, so no door can forget it. Fact writes are rare; the job key makes one queued job
-- however many facts change (graphile_worker's schema is created after these migrations; the function resolves
-- it when it runs). Messages are not queued this way: their insert is the hot path (jobs/worker.ts listens).
CREATE FUNCTION "embeddings_queue_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM graphile_worker.add_job('embed_pending', '{}'::json, queue_name := 'relay_embeddings', job_key := 'embed_pending');
    RETURN NULL;
END $$;
CREATE TRIGGER "contact_facts_queue_embeddings" AFTER INSERT OR UPDATE OF "fact", "status" ON "contact_facts"
    FOR EACH STATEMENT EXECUTE FUNCTION "embeddings_queue_facts"();
