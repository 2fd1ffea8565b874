-- Web Push subscriptions (issue 18): one row per browser (device) on which a person turned notifications on. The
-- endpoint is the push service's URL for that browser, a capability: unique, so a browser that is signed in to
-- another account and turned on again moves to that person. `p256dh` (the browser's P-256 public key, 65 bytes) and
-- `auth` (16 bytes), base64url, encrypt each payload (RFC 8291). A subscription the push service answers 404 or 410
-- for is deleted (lib/notifications/push/push-to-person.ts).
CREATE TABLE "push_subscriptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "user_agent" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_success_at" TIMESTAMPTZ(3),
    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "push_subscriptions_endpoint_length" CHECK (char_length("endpoint") BETWEEN 1 AND 2048),
    CONSTRAINT "push_subscriptions_keys_length" CHECK (char_length("p256dh") = 87 AND char_length("auth") = 22),
    CONSTRAINT "push_subscriptions_user_agent_length" CHECK (char_length("user_agent") <= 200)
);

CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");

ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
