-- Erasure (issue 38; docs/decisions/045-erasure.md). An erasure is a record and a resumable job: the request deletes
-- the subject's own rows at once (a contact, its links to conversations, its facts), and the job redacts in batches
-- what its conversations hold (lib/privacy/run-erasure.ts), step by step; a crash resumes at the recorded step, each
-- step only touching what is not redacted yet. The record names the subject by id only, never by what it said.
CREATE TABLE erasures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- No foreign key: the record outlives what it erased.
  workspace_id uuid NOT NULL,
  subject_type text NOT NULL CHECK (subject_type IN ('contact', 'person', 'workspace')),
  subject_id uuid NOT NULL,
  -- What the job redacts, taken when the erasure was asked for (the links are gone by then).
  conversation_ids uuid[] NOT NULL DEFAULT '{}',
  fact_ids uuid[] NOT NULL DEFAULT '{}',
  -- The bots to tell: those ever authorized in those conversations.
  bot_ids uuid[] NOT NULL DEFAULT '{}',
  requested_by_user_id uuid,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done')),
  step text NOT NULL,
  -- Rows redacted or removed per step, for the record and the admin's progress.
  counts jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  finished_at timestamptz(3)
);
CREATE UNIQUE INDEX erasures_subject_key ON erasures (subject_type, subject_id);
CREATE INDEX erasures_workspace_created_idx ON erasures (workspace_id, created_at DESC);

-- A message whose content was erased: its row stays (its seq, its thread, the policy decision that names it), empty.
ALTER TABLE messages ADD COLUMN erased_at timestamptz(3);

-- A fact whose only cited message was erased: it leaves context packs, and says why.
ALTER TYPE fact_status ADD VALUE IF NOT EXISTS 'source_removed';
