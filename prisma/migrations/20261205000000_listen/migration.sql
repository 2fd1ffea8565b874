-- Issue 35 item 2 (docs/decisions/039-relay-listen.md): `relay listen` streams a bot's deliveries to a developer's
-- laptop over server-sent events.
--
-- A bot holds a listen lease while a stream of it is open (renewed every 20 s, 60 s long): `listen_until`. With
-- `listen_only` (relay listen --only) its real deliveries are held back while the lease lasts.
ALTER TABLE bots
  ADD COLUMN listen_until timestamptz(3),
  ADD COLUMN listen_only boolean NOT NULL DEFAULT false;

-- Each delivery's place in its bot's stream: the SSE `id:`, which a reconnecting stream resumes after
-- (Last-Event-ID). Drawn at insert, so it orders inserts, not commits (a resume re-reads a window below it: 039).
-- Rows written before this migration have none and are never streamed: the column is added without its default
-- (no table rewrite), then given it.
CREATE SEQUENCE webhook_deliveries_stream_seq AS bigint;
ALTER TABLE webhook_deliveries ADD COLUMN stream_seq bigint;
ALTER TABLE webhook_deliveries ALTER COLUMN stream_seq SET DEFAULT nextval('webhook_deliveries_stream_seq');
ALTER SEQUENCE webhook_deliveries_stream_seq OWNED BY webhook_deliveries.stream_seq;
CREATE INDEX webhook_deliveries_bot_id_stream_seq_idx ON webhook_deliveries (bot_id, stream_seq);

-- A new delivery is announced on `relay_bot_events` only when its bot holds a live lease. NOTIFY takes a global lock
-- at commit: with nobody listening the trigger costs one join of the statement's new rows with bots by primary key,
-- and no NOTIFY. One statement-level trigger (the inserted rows as a transition table): an event that reaches many
-- bots is one statement (lib/webhooks/emit-event.ts).
CREATE FUNCTION relay_announce_bot_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('relay_bot_events', json_build_object('bot_id', i.bot_id, 'seq', i.stream_seq)::text)
     FROM inserted i JOIN bots b ON b.id = i.bot_id
    WHERE b.listen_until > now() AND i.stream_seq IS NOT NULL
    ORDER BY i.stream_seq;
  RETURN NULL;
END;
$$;

CREATE TRIGGER webhook_deliveries_announce
  AFTER INSERT ON webhook_deliveries
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION relay_announce_bot_events();
