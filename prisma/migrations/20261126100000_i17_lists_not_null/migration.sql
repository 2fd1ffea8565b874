-- Prisma's scalar lists are never null in the model (String[]), and the code reads them as arrays, but Prisma writes
-- them without NOT NULL. The typed statements found one read that would throw on a null (the policy log's reasons).
-- The database now says what the model says.
UPDATE "bots" SET "event_types" = '{}' WHERE "event_types" IS NULL;
ALTER TABLE "bots" ALTER COLUMN "event_types" SET NOT NULL;
UPDATE "api_keys" SET "scopes" = '{}' WHERE "scopes" IS NULL;
ALTER TABLE "api_keys" ALTER COLUMN "scopes" SET NOT NULL;
UPDATE "drafts" SET "reasons" = '{}' WHERE "reasons" IS NULL;
ALTER TABLE "drafts" ALTER COLUMN "reasons" SET NOT NULL;
UPDATE "policy_decisions" SET "reasons" = '{}' WHERE "reasons" IS NULL;
ALTER TABLE "policy_decisions" ALTER COLUMN "reasons" SET NOT NULL;
UPDATE "agent_requests" SET "reasons" = '{}' WHERE "reasons" IS NULL;
ALTER TABLE "agent_requests" ALTER COLUMN "reasons" SET NOT NULL;
UPDATE "personal_access_tokens" SET "scopes" = '{}' WHERE "scopes" IS NULL;
ALTER TABLE "personal_access_tokens" ALTER COLUMN "scopes" SET NOT NULL;
