-- Exports (issue 38, item 1; docs/decisions/045-erasure.md): everything Relay holds about a contact, a person or a
-- workspace, built by a job into one archive on disk (DATA_DIR/exports/<id>.zip), downloadable by the person who asked
-- for it through a signed link until it expires. The row names the subject by id; the archive is deleted when it
-- expires (the retention job), the row stays as the record that it was made.
CREATE TABLE exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  subject_type text NOT NULL CHECK (subject_type IN ('contact', 'person', 'workspace')),
  subject_id uuid NOT NULL,
  requested_by_user_id uuid,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed', 'expired')),
  -- Rows written so far per section, for the page's progress.
  progress jsonb NOT NULL DEFAULT '{}',
  size_bytes bigint,
  sha256 text,
  error text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  finished_at timestamptz(3),
  expires_at timestamptz(3)
);
CREATE INDEX exports_requester_idx ON exports (requested_by_user_id, created_at DESC);
CREATE INDEX exports_subject_idx ON exports (subject_type, subject_id);
CREATE INDEX exports_expires_idx ON exports (expires_at) WHERE status = 'ready';
