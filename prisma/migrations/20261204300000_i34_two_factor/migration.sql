-- Issue 34 item 2 (docs/decisions/037-enforcement-and-step-up.md): a workspace may require a second factor of the
-- people who decide (`approvers`) or of every member (`everyone`). Members without one read but do not decide.
ALTER TABLE workspace_settings
  ADD COLUMN two_factor text NOT NULL DEFAULT 'off' CONSTRAINT workspace_settings_two_factor CHECK (two_factor IN ('off', 'approvers', 'everyone'));
