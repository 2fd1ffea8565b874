-- A bot's conversation list (GET /api/public/v1/conversations) is ordered by last activity, newest first. The index on
-- conversations.last_message_at was dropped so that each message's update of its conversation row stays HOT
-- (20261123140000_conversation_hot_updates), which left every page sorting all of the bot's conversations (5,000
-- for a busy bot: 11 ms a page, paging to the end quadratic). The sort key is kept here instead, per active
-- authorization, in a narrow table of its own: the list walks its index (bot, last activity, conversation) and
-- stops after a page. The conversation row stays HOT (nothing indexed on it changes), and bot_authorizations, read
-- by every send and every event, is not rewritten by messages. Triggers keep it exact whatever door writes:
-- a change of a conversation's last_message_at, an authorization given, revoked or removed.
CREATE TABLE "bot_conversation_activity" (
    "conversation_id" UUID NOT NULL,
    "bot_id" UUID NOT NULL,
    "last_message_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bot_conversation_activity_pkey" PRIMARY KEY ("conversation_id", "bot_id")
);
-- Rows change on every message: leave room on the page for the new version.
ALTER TABLE "bot_conversation_activity" SET (fillfactor = 80);

CREATE INDEX "bot_conversation_activity_bot_id_last_message_at_conversation_id_idx"
    ON "bot_conversation_activity"("bot_id", "last_message_at" DESC, "conversation_id" DESC);

ALTER TABLE "bot_conversation_activity" ADD CONSTRAINT "bot_conversation_activity_conversation_id_fkey"
    FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bot_conversation_activity" ADD CONSTRAINT "bot_conversation_activity_bot_id_fkey"
    FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "bot_conversation_activity" ("conversation_id", "bot_id", "last_message_at")
SELECT a.conversation_id, a.bot_id, c.last_message_at
  FROM bot_authorizations a JOIN conversations c ON c.id = a.conversation_id
 WHERE a.revoked_at IS NULL
ON CONFLICT DO NOTHING;
ANALYZE "bot_conversation_activity";

-- A message (or any writer) moved the conversation's last activity: its bots' rows follow, in the same transaction.
CREATE FUNCTION relay_conversation_activity_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bot_conversation_activity SET last_message_at = NEW.last_message_at WHERE conversation_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER conversations_activity_moved
  AFTER UPDATE OF last_message_at ON conversations
  FOR EACH ROW WHEN (OLD.last_message_at IS DISTINCT FROM NEW.last_message_at)
  EXECUTE FUNCTION relay_conversation_activity_moved();

-- An authorization given (or restored) adds the bot's row; revoked or deleted, removes it. The conversation row is
-- read FOR SHARE: a message being written there concurrently either commits first (its time is read here) or waits
-- for this transaction (and its trigger then sees the new row), so the row never keeps a stale time.
CREATE FUNCTION relay_bot_authorization_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.revoked_at IS NULL THEN
      DELETE FROM bot_conversation_activity WHERE conversation_id = OLD.conversation_id AND bot_id = OLD.bot_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.revoked_at IS NULL THEN
      INSERT INTO bot_conversation_activity (conversation_id, bot_id, last_message_at)
      SELECT c.id, NEW.bot_id, c.last_message_at FROM conversations c WHERE c.id = NEW.conversation_id FOR SHARE
      ON CONFLICT (conversation_id, bot_id) DO UPDATE SET last_message_at = EXCLUDED.last_message_at;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bot_authorizations_activity
  AFTER INSERT OR DELETE OR UPDATE OF revoked_at, conversation_id, bot_id ON bot_authorizations
  FOR EACH ROW EXECUTE FUNCTION relay_bot_authorization_changed();
