-- Retention of messages (issue 38, item 4; docs/decisions/045-erasure.md): a workspace may delete its messages older
-- than N days (off by default). The retention job (lib/retention/prune-expired-rows.ts) deletes them in batches with
-- their files, vectors and stored words; facts that cited them lose the citation. Sequence numbers are never reused:
-- a bot's page shows what was deleted as removed ranges.
ALTER TABLE workspace_settings ADD COLUMN message_retention_days integer
  CHECK (message_retention_days BETWEEN 1 AND 36500);
