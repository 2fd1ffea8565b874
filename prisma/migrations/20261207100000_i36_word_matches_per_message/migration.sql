-- Contact search's word side reads a long conversation's blocks of 4,096 messages newest first, and once matches are
-- seen takes as many more blocks as the density so far says it needs (migration 20261206000000). That density was per
-- BLOCK, and the newest block is partial: in bench:scale's 100,000-message conversation it holds 1,696 messages, so
-- the matches it gave made the words look 2.4 times rarer than they are, and the next read took 2.4 times the blocks
-- needed: 1,412 matches read and ranked for 500 wanted, ~9 ms (issue 36, item 6). The density is now per message
-- read, each block counted by the messages it can hold (the newest up to the conversation's last seq).
CREATE OR REPLACE FUNCTION relay_recent_word_matches(conversation_ids uuid[], words tsquery, wanted integer)
    RETURNS TABLE (id uuid, created_at timestamptz, rank real)
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
  RETURN QUERY SELECT * FROM relay_block_word_matches(block_keys, words);
  FOR conversation IN SELECT c.id, c.last_seq FROM conversations c WHERE c.id = ANY(conversation_ids) AND c.last_seq >> 12 > 0 LOOP
    newest := conversation.last_seq >> 12;
    span := 1;
    read_messages := 0;
    found := 0;
    WHILE found < wanted AND newest >= 0 LOOP
      oldest := greatest(newest - span + 1, 0);
      block_keys := ARRAY(SELECT relay_message_search_block(conversation.id, block << 12)
                        FROM generate_series(oldest, newest) AS block);
      RETURN QUERY SELECT * FROM relay_block_word_matches(block_keys, words);
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
