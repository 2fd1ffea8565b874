-- Issue 34 item 2 (docs/decisions/037-enforcement-and-step-up.md): an assistant's access remembers whether it was
-- granted right after a passkey or authenticator check (the consenting session's strong_auth_at within 5 minutes).
-- Only such a grant or token may approve an item that needs step-up.
ALTER TABLE oauth_grants ADD COLUMN strong_at timestamptz(3);
ALTER TABLE personal_access_tokens ADD COLUMN strong_at timestamptz(3);
