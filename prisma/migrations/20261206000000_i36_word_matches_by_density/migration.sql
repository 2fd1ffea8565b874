-- Contact search's word side reads a long conversation's blocks of 4,096 messages newest first until it has the matches
-- it wants (migration 20261130120000). It read 1, then 2, 4, 8... blocks at a time, and ranks every match of every block
-- it read: a word that needed 4 blocks made it read 7, and rank twice the matches it keeps (1,413 for "invoice still
-- open" in bench:scale's 100,000-message conversation, 8.8 ms; issue 36, bench/RESULTS.md, Scale, "median of three").
-- Now, once a block has given matches, the next read takes as many blocks as the matches seen so far say are needed
-- (the wanted matches still missing, at the density read so far, rounded up); only while none has matched does the
-- span double as before, so a rare word still walks a long history in few reads. It still stops once it has `wanted`,
-- so each conversation's `wanted` newest matches are among the rows, as before.
CREATE OR REPLACE FUNCTION relay_recent_word_matches(conversation_ids uuid[], words tsquery, wanted integer)
    RETURNS TABLE (id uuid, created_at timestamptz, rank real)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    AS $$
DECLARE
  conversation record;
  block_keys text[];
  newest integer; -- the newest block not read yet
  span integer;
  read_blocks integer;
  found integer;
  got integer;
BEGIN
  block_keys := ARRAY(SELECT relay_message_search_block(c.id, 0) FROM conversations c
                   WHERE c.id = ANY(conversation_ids) AND c.last_seq >> 12 = 0);
  RETURN QUERY SELECT * FROM relay_block_word_matches(block_keys, words);
  FOR conversation IN SELECT c.id, c.last_seq FROM conversations c WHERE c.id = ANY(conversation_ids) AND c.last_seq >> 12 > 0 LOOP
    newest := conversation.last_seq >> 12;
    span := 1;
    read_blocks := 0;
    found := 0;
    WHILE found < wanted AND newest >= 0 LOOP
      block_keys := ARRAY(SELECT relay_message_search_block(conversation.id, block << 12)
                        FROM generate_series(greatest(newest - span + 1, 0), newest) AS block);
      RETURN QUERY SELECT * FROM relay_block_word_matches(block_keys, words);
      GET DIAGNOSTICS got = ROW_COUNT;
      found := found + got;
      read_blocks := read_blocks + least(span, newest + 1);
      newest := newest - span;
      IF found = 0 THEN
        span := span * 2;
      ELSE
        span := greatest(1, ceil((wanted - found)::numeric * read_blocks / found)::integer);
      END IF;
    END LOOP;
  END LOOP;
END;
$$;
