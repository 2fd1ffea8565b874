-- Issue 35 item 1 (docs/decisions/038-first-ten-minutes.md): the demo's tour, offered on the first page after
-- sign-in, is dismissed once per person and does not return.
ALTER TABLE users ADD COLUMN tour_dismissed_at timestamptz(3);
