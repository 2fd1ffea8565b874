-- Contact search's word side ranked every match it read (ts_rank_cd, ~4 us a row), then kept the newest 500: in
-- bench:scale's 100,000-message conversation it read 828 matches for 500 wanted, and ranking them was two thirds of
-- the statement (6.7 ms against 2.9 ms ranking the 500 kept; issue 36, item 6). These functions return each match's
-- stored words instead of its rank, and the caller (lib/memory/search-contact.ts, search.wordMatches) ranks the newest
-- 500 only. The blocks read and the density that decides them are those of migration 20261207100000.
--
-- New names, not replaced ones: the release before this one still calls relay_recent_word_matches for its rank while
-- a rolling deploy runs; those two functions are dropped by a later migration.
CREATE FUNCTION relay_block_word_hits(block_keys text[], words tsquery)
    RETURNS TABLE (id uuid, created_at timestamptz, search_words tsvector)
    LANGUAGE sql STABLE PARALLEL SAFE
    AS $$
  SELECT m.id, m.created_at, m.search_words
    FROM messages m
   WHERE relay_message_search_block(m.conversation_id, m.seq) = ANY (relay_block_word_hits.block_keys)
     AND m.search_words @@ relay_block_word_hits.words
     AND m.kind <> 'system'
$$;

CREATE FUNCTION relay_recent_word_hits(conversation_ids uuid[], words tsquery, wanted integer)
    RETURNS TABLE (id uuid, created_at timestamptz, search_words tsvector)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    AS $$
DECLARE
  conversation record;
  block_keys text[];
  newest integer; -- the newest block not read yet
  oldest integer; -- the oldest block of the current read
  span integer;
  read_messages bigint;
  found integer;
  got integer;
BEGIN
  block_keys := ARRAY(SELECT relay_message_search_block(c.id, 0) FROM conversations c
                   WHERE c.id = ANY(conversation_ids) AND c.last_seq >> 12 = 0);
  RETURN QUERY SELECT * FROM relay_block_word_hits(block_keys, words);
  FOR conversation IN SELECT c.id, c.last_seq FROM conversations c WHERE c.id = ANY(conversation_ids) AND c.last_seq >> 12 > 0 LOOP
    newest := conversation.last_seq >> 12;
    span := 1;
    read_messages := 0;
    found := 0;
    WHILE found < wanted AND newest >= 0 LOOP
      oldest := greatest(newest - span + 1, 0);
      block_keys := ARRAY(SELECT relay_message_search_block(conversation.id, block << 12)
                        FROM generate_series(oldest, newest) AS block);
      RETURN QUERY SELECT * FROM relay_block_word_hits(block_keys, words);
      GET DIAGNOSTICS got = ROW_COUNT;
      found := found + got;
      -- The seqs these blocks can hold: from the oldest's first to the newest's last, or the conversation's last seq.
      read_messages := read_messages + least(conversation.last_seq, ((newest + 1) << 12) - 1) - (oldest << 12) + 1;
      newest := oldest - 1;
      IF found = 0 THEN
        span := span * 2;
      ELSE
        span := greatest(1, ceil((wanted - found)::numeric * read_messages / found / 4096)::integer);
      END IF;
    END LOOP;
  END LOOP;
END;
$$;
