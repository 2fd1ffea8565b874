-- People's second factors and revocable sessions (issue 34, item 1; docs/decisions/036-second-factors.md).

-- A signed-in browser. next-auth's JWT carries the row's id (`sid`); lib/auth/session.ts refuses a token whose row is
-- missing or revoked, so signing a session out takes effect on its next request. `device_key` is the SHA-256 of the
-- browser's long-lived device cookie: a sign-in from a key the person never used before e-mails them
-- (`alerted_at`: when that e-mail was written, so a retried job writes it once). `strong_auth_at`: the last passkey or
-- authenticator check on this session, for step-up.
CREATE TABLE "person_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "method" TEXT NOT NULL,
    "device" TEXT NOT NULL,
    "device_key" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "strong_auth_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "alerted_at" TIMESTAMPTZ(3),

    CONSTRAINT "person_sessions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "person_sessions_user_id_device_key_idx" ON "person_sessions"("user_id", "device_key");
CREATE INDEX "person_sessions_user_id_last_seen_at_idx" ON "person_sessions"("user_id", "last_seen_at");
ALTER TABLE "person_sessions" ADD CONSTRAINT "person_sessions_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A person's authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s). One per person. The secret is sealed
-- (lib/crypto/secret-box.ts). Unconfirmed until one valid code is typed (`confirmed_at`); `last_counter` is the time
-- step of the last code accepted, raised atomically, so a code is accepted once.
CREATE TABLE "totp_factors" (
    "user_id" UUID NOT NULL,
    "secret_sealed" TEXT NOT NULL,
    "confirmed_at" TIMESTAMPTZ(3),
    "last_counter" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "totp_factors_pkey" PRIMARY KEY ("user_id")
);
ALTER TABLE "totp_factors" ADD CONSTRAINT "totp_factors_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One-time recovery codes, ten at a time, stored as SHA-256 (like tokens' and keys'); used once (`used_at`).
CREATE TABLE "recovery_codes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_key" ON "recovery_codes"("user_id", "code_hash");
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A person's WebAuthn credentials (passkeys). `credential_id` is base64url, as browsers give it; `public_key` the
-- COSE key's bytes; `counter` the authenticator's signature count (0 for most passkeys, which do not count).
CREATE TABLE "passkeys" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "credential_id" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "device_type" TEXT NOT NULL,
    "backed_up" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "passkeys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "passkeys_device_type" CHECK ("device_type" IN ('singleDevice', 'multiDevice'))
);
CREATE UNIQUE INDEX "passkeys_credential_id_key" ON "passkeys"("credential_id");
CREATE INDEX "passkeys_user_id_idx" ON "passkeys"("user_id");
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- WebAuthn challenges: random bytes (base64url here), kept server-side for a few minutes and deleted by the check
-- that uses them, so each is used once. `purpose`: register (a signed-in person, `user_id`, adds a passkey), sign_in
-- (an assertion of any person's passkey, discoverable: alone, or as the second factor after a password).
CREATE TABLE "webauthn_challenges" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "challenge" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webauthn_challenges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webauthn_challenges_purpose" CHECK ("purpose" IN ('register', 'sign_in'))
);
CREATE UNIQUE INDEX "webauthn_challenges_challenge_key" ON "webauthn_challenges"("challenge");
CREATE INDEX "webauthn_challenges_expires_at_idx" ON "webauthn_challenges"("expires_at");
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A sign-in from a new device is e-mailed to the person (lib/sessions/sign-in-alert.ts): an account's e-mail, of no
-- workspace. The local outbox keeps it with no workspace.
ALTER TABLE "email_outbox" ALTER COLUMN "workspace_id" DROP NOT NULL;
