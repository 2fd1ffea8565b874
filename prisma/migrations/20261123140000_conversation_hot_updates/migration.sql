-- Every message updates its conversation's row (last_seq, last_message_at, preview). With last_message_at in an
-- index, none of those updates could be HOT: each wrote new entries in the row's indexes and left a dead row
-- version behind, so a busy conversation's row lookups walked thousands of dead versions between autovacuum runs
-- (bench/RESULTS.md, 2026-11-23: 53,270 updates, 49 HOT, 53,221 dead). Indexing workspace_id alone (it never
-- changes) and leaving a fifth of each page free lets those updates stay on the page, touching no index.
-- Lists still order by last_message_at: a sort of the workspace's (or the bot's, or the person's) conversations.
DROP INDEX "conversations_workspace_id_last_message_at_idx";
CREATE INDEX "conversations_workspace_id_idx" ON "conversations"("workspace_id");
ALTER TABLE "conversations" SET (fillfactor = 80);
