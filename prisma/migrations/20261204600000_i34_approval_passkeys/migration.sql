-- Issue 34 item 3 (docs/decisions/037-enforcement-and-step-up.md): a passkey approval is bound to what is approved.
-- The challenge of purpose 'approve' names the item, the digest seen and the digest to be sent, and the random nonce
-- it was derived from: challenge = SHA-256("relay-approval-v1" || seen || sent || nonce). The assertion is kept with
-- the approval, so `cli audit verify-approval` can check it offline against the person's registered public key.
ALTER TABLE webauthn_challenges DROP CONSTRAINT "webauthn_challenges_purpose";
ALTER TABLE webauthn_challenges
  ADD CONSTRAINT "webauthn_challenges_purpose" CHECK ("purpose" IN ('register', 'sign_in', 'approve')),
  ADD CONSTRAINT "webauthn_challenges_approve_binding"
    CHECK ("purpose" <> 'approve' OR (draft_id IS NOT NULL AND seen_digest IS NOT NULL AND sent_digest IS NOT NULL AND nonce IS NOT NULL)),
  ADD COLUMN draft_id uuid,
  ADD COLUMN seen_digest text,
  ADD COLUMN sent_digest text,
  ADD COLUMN nonce text;

CREATE TABLE approval_assertions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  draft_id uuid NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  credential_id text NOT NULL,
  seen_digest text NOT NULL,
  sent_digest text NOT NULL,
  nonce text NOT NULL,
  -- The browser's AuthenticationResponseJSON, as it gave it.
  response jsonb NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX approval_assertions_draft_id_idx ON approval_assertions (draft_id, user_id);
