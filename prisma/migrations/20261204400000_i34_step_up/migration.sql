-- Issue 34 item 2 (docs/decisions/037-enforcement-and-step-up.md): step-up before an approval takes effect. A rule's
-- hold may ask for it (`stepUp`, recorded on the item when it is held), or the workspace for every approval.
ALTER TABLE drafts ADD COLUMN step_up boolean NOT NULL DEFAULT false;
ALTER TABLE workspace_settings
  ADD COLUMN step_up text NOT NULL DEFAULT 'off' CONSTRAINT workspace_settings_step_up CHECK (step_up IN ('off', 'approvals'));
