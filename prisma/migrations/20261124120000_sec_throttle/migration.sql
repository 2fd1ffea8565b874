-- Sign-in and credential throttling (docs/decisions/016-throttling.md).
-- rate_limits is rate-limiter-flexible's own table for its PostgreSQL store, exactly as the library would create it
-- (RateLimiterPostgres#_getCreateTableStmt); the app passes `tableCreated: true` so it never issues DDL itself.
-- Keys are "<limiter>:<what is counted>", expire is epoch milliseconds (null: never).
CREATE TABLE "rate_limits" (
    "key" varchar(255) PRIMARY KEY,
    "points" integer NOT NULL DEFAULT 0,
    "expire" bigint
);

-- Account-level security records (sign-ins belong to no workspace, so audit_events cannot hold them): written when
-- a lockout starts; the operator reads them with `cli security events`.
CREATE TABLE "security_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" TEXT NOT NULL,
    "user_id" UUID,
    "email" TEXT,
    "address" TEXT NOT NULL,
    "data" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "security_events_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "security_events_created_at_idx" ON "security_events"("created_at");
CREATE INDEX "security_events_email_created_at_idx" ON "security_events"("email", "created_at");

ALTER TABLE "security_events" ADD CONSTRAINT "security_events_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
