-- Personal access tokens (issue 7): how a person's AI assistant (an MCP client) acts as that person at /api/mcp.
-- A person creates and revokes their own tokens (settings page, `token ...` CLI). A token is bound to ONE workspace
-- of its person: everything it does is confined to that workspace, so a token of one workspace sees nothing of
-- another by construction (lib/tokens/, lib/mcp/). Scopes: `read` (always) and `write` (approve, reject, post...).
-- Like the bots' API keys, only the SHA-256 of a token is stored; `prefix` tells tokens apart in lists.
CREATE TABLE "personal_access_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "scopes" TEXT[] NOT NULL DEFAULT ARRAY['read']::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "personal_access_tokens_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "personal_access_tokens_name_length" CHECK (char_length("name") BETWEEN 1 AND 60),
    CONSTRAINT "personal_access_tokens_scopes" CHECK ('read' = ANY ("scopes") AND "scopes" <@ ARRAY['read', 'write']::TEXT[])
);

CREATE UNIQUE INDEX "personal_access_tokens_token_hash_key" ON "personal_access_tokens"("token_hash");
CREATE INDEX "personal_access_tokens_user_id_idx" ON "personal_access_tokens"("user_id");
CREATE INDEX "personal_access_tokens_workspace_id_idx" ON "personal_access_tokens"("workspace_id");

ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_workspace_id_fkey"
    FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
