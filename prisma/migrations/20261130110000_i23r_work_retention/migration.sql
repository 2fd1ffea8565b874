-- Retention (lib/retention/prune-expired-rows.ts): succeeded and failed deliveries are pruned oldest first, each
-- status past its own window. The bot-first indexes cannot find the oldest rows of a status across all bots; this
-- one does, so each small batch reads only the rows it deletes. Pending deliveries change status once or twice,
-- and status is already in an index (bot_id, status, created_at): their updates were not HOT before either.
CREATE INDEX "webhook_deliveries_status_created_at_idx" ON "webhook_deliveries"("status", "created_at");
