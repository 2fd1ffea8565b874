-- A statement that fails when a condition does not hold, for writes queued to travel with a COMMIT
-- (docs/decisions/014): a bot's send writes its message there with a seq and an id it knows in advance, and checks
-- in the same message that the row is exactly that; if not, the COMMIT after it never runs.
CREATE FUNCTION "relay_expect"(ok boolean, message text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'expectation failed: %', message;
  END IF;
  RETURN true;
END
$$;
