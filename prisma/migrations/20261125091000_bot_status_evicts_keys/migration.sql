-- A bot's keys are cached per process with the bot's status (lib/bots/api-key-cache.ts). When the status changes,
-- whatever door changed it, every process forgets that bot's keys at once, as on a key's revocation.
CREATE FUNCTION relay_bot_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('relay_api_key_revoked', 'bot:' || NEW.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER bots_status_changed
  AFTER UPDATE OF status ON bots
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION relay_bot_status_changed();
