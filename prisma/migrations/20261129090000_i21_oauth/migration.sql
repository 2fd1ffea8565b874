-- MCP's OAuth authorization server (issue 21, docs/decisions/026-mcp-oauth.md).
-- oidc-provider's own records (clients registered by DCR, cached client metadata documents, interactions, sessions,
-- authorization codes, access and refresh tokens, grants), one row per (model, id), written and read only by its
-- adapter (lib/oauth/adapter.ts). Expired rows are never returned and are deleted by the adapter as it goes.
CREATE TABLE "oauth_provider_records" (
    "model" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grant_id" TEXT,
    "uid" TEXT,
    "user_code" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "consumed_at" TIMESTAMPTZ(3),
    CONSTRAINT "oauth_provider_records_pkey" PRIMARY KEY ("model", "id")
);

CREATE INDEX "oauth_provider_records_grant_id_idx" ON "oauth_provider_records"("grant_id");
CREATE INDEX "oauth_provider_records_uid_idx" ON "oauth_provider_records"("uid");
CREATE INDEX "oauth_provider_records_expires_at_idx" ON "oauth_provider_records"("expires_at");

-- Relay's side of a consent: who allowed which client, in which workspace, with which scopes. An access token is
-- honoured only while its grant's row here is not revoked (lib/oauth/authenticate-oauth-token.ts).
CREATE TABLE "oauth_grants" (
    "grant_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "client_id" TEXT NOT NULL,
    "client_name" TEXT NOT NULL,
    "redirect_host" TEXT NOT NULL,
    "scopes" TEXT[] NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "oauth_grants_pkey" PRIMARY KEY ("grant_id")
);

CREATE INDEX "oauth_grants_user_id_idx" ON "oauth_grants"("user_id");
CREATE INDEX "oauth_grants_workspace_id_idx" ON "oauth_grants"("workspace_id");

ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
