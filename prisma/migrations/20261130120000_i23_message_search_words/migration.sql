-- A contact's word search (lib/memory/search-contact.ts) ranks the 500 most recent messages that match the words.
-- With one GIN index on (conversation_id, words), PostgreSQL found every match in the conversation (7,141 of the
-- long conversation's 100,000 for "lisbon"), sorted them all by time to keep 500, then parsed those 500 bodies again
-- to rank them: ~19 ms of a search that takes ~2 ms on a small conversation (bench/RESULTS.md, Scale, fix 4).
--
-- 1. The words are stored (search_words, generated from body, kept by PostgreSQL on every insert and edit): ranking
--    reads them instead of parsing each body again (~8 µs a message), and the index is built from the column.
--    Adding it rewrites the table once (24 s for a million messages on the benchmark machine).
-- 2. The index's first key is the message's place in its conversation, in blocks of 4,096 (the conversation and
--    seq >> 12): a search walks a conversation's blocks newest first and stops once it has enough matches
--    (relay_recent_word_matches below), reading ~700 matches for that query instead of 7,141.
-- It replaces messages_conversation_id_body_fts_idx, whose one reader this search was.
ALTER TABLE "messages"
    ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "body")) STORED;

-- A message's block: its conversation and which 4,096 of its seq numbers it falls in. Immutable (an index key).
CREATE FUNCTION relay_message_search_block(conversation_id uuid, seq integer) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT conversation_id::text || '/' || (seq >> 12)::text $$;

-- A small pending list: GIN's default (4 MB of recent entries kept unmerged) made every search scan them all (9 ms a
-- scan after a few thousand sends, 1.6 ms once merged); no list (fastupdate off) made every message's insertion
-- merge its entries while its conversation is locked (one busy conversation's sends 15 % slower). 64 kB: a search
-- scans at most 8 pages of them, and now and then a send merges the list (bench/RESULTS.md, Scale, fix 4).
CREATE INDEX "messages_search_block_words_idx"
    ON "messages" USING GIN (relay_message_search_block("conversation_id", "seq"), "search_words")
    WITH (gin_pending_list_limit = 64);
DROP INDEX "messages_conversation_id_body_fts_idx";

-- The matches of `words` in the given blocks (system messages left out), with their rank. (Parameters are named
-- in full: a bare `blocks` would be the messages' column of that name.)
CREATE FUNCTION relay_block_word_matches(block_keys text[], words tsquery)
    RETURNS TABLE (id uuid, created_at timestamptz, rank real)
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
  SELECT m.id, m.created_at, ts_rank_cd(m.search_words, words, 1)
    FROM messages m
   WHERE relay_message_search_block(m.conversation_id, m.seq) = ANY (relay_block_word_matches.block_keys)
     AND m.search_words @@ relay_block_word_matches.words
     AND m.kind <> 'system'
$$;

-- The matches of `words` among each conversation's newest messages (system messages left out), with their rank.
-- Conversations of one block (fewer than 4,096 messages: nearly all) are read whole, together, in one query. Each
-- longer one is read by its blocks newest first, 1, then 2, 4, 8... at a time, until it has given `wanted` matches
-- or has none left. Each conversation's `wanted` newest matches are therefore among the rows (more may come, from
-- the last blocks read); the caller keeps the newest across conversations. The snapshot is the caller's (STABLE):
-- a message committed meanwhile is either wholly in or wholly out.
CREATE FUNCTION relay_recent_word_matches(conversation_ids uuid[], words tsquery, wanted integer)
    RETURNS TABLE (id uuid, created_at timestamptz, rank real)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    AS $$
DECLARE
  conversation record;
  block_keys text[];
  newest integer; -- the newest block not read yet
  span integer;
  found integer;
  got integer;
BEGIN
  block_keys := ARRAY(SELECT relay_message_search_block(c.id, 0) FROM conversations c
                   WHERE c.id = ANY(conversation_ids) AND c.last_seq >> 12 = 0);
  RETURN QUERY SELECT * FROM relay_block_word_matches(block_keys, words);
  FOR conversation IN SELECT c.id, c.last_seq FROM conversations c WHERE c.id = ANY(conversation_ids) AND c.last_seq >> 12 > 0 LOOP
    newest := conversation.last_seq >> 12;
    span := 1;
    found := 0;
    WHILE found < wanted AND newest >= 0 LOOP
      block_keys := ARRAY(SELECT relay_message_search_block(conversation.id, block << 12)
                        FROM generate_series(greatest(newest - span + 1, 0), newest) AS block);
      RETURN QUERY SELECT * FROM relay_block_word_matches(block_keys, words);
      GET DIAGNOSTICS got = ROW_COUNT;
      found := found + got;
      newest := newest - span;
      span := span * 2;
    END LOOP;
  END LOOP;
END;
$$;
