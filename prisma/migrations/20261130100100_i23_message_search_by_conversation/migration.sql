-- A contact's word search (lib/memory/search-contact.ts) asks for the messages of the contact's conversations that
-- contain the words. With the words alone in the index, PostgreSQL read every message in the database containing
-- them (71,432 of 1,000,000 for "lisbon") and ANDed that bitmap with all of the conversation's rows (100,000 for
-- the long one): the cost grew with the database, not the contact (bench/RESULTS.md, Scale). One GIN index on both
-- (btree_gin gives GIN the uuid's equality) finds the conversation's matching messages in one scan: 7,141 entries
-- for that query, 4 ms instead of 34. It replaces the words-only index, whose one reader was this query, so a
-- message still updates one full-text index. btree_gin ships in PostgreSQL's contrib and is a trusted extension:
-- the database's owner can create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX "messages_conversation_id_body_fts_idx"
    ON "messages" USING GIN ("conversation_id", to_tsvector('english'::regconfig, "body"));
DROP INDEX "messages_body_fts_idx";
