-- A bot's request rate (issue 31, docs/decisions/029-bot-request-rate.md): a token bucket per bot, counted here so
-- every app process shares it. The bucket is kept as GCRA keeps it (the generic cell rate algorithm, as in
-- redis-cell and Stripe's limiter): one timestamp per bot, the theoretical arrival time `tat` of its next request
-- at the sustained rate. A request is let through while `tat`, advanced by one interval, is at most the burst's
-- worth of intervals ahead of now; the bucket is full when `tat` is in the past.

-- The sustained rate (requests a second) and the burst (requests at once), per workspace; the defaults are
-- POLICY_DEFAULTS' (lib/policy/defaults.ts).
ALTER TABLE "workspace_settings"
    ADD COLUMN "rate_per_second" INTEGER NOT NULL DEFAULT 10,
    ADD COLUMN "rate_burst" INTEGER NOT NULL DEFAULT 30;

-- Unlogged: a bucket is a few seconds of state, written on every request of every bot. Logged, each request's update
-- was a commit waiting for its WAL to reach the disk (sends a third slower in bench:send); unlogged, it writes no WAL
-- and its commit does not wait. After a crash the table is empty, which is every bucket full: a bot may send one
-- burst early. A standby has no rows either (the same after a failover).
CREATE UNLOGGED TABLE "bot_rate_buckets" (
    "bot_id" UUID NOT NULL,
    "tat" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "bot_rate_buckets_pkey" PRIMARY KEY ("bot_id")
);

ALTER TABLE "bot_rate_buckets" ADD CONSTRAINT "bot_rate_buckets_bot_id_fkey"
    FOREIGN KEY ("bot_id") REFERENCES "bots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Takes one token from `bot`'s bucket (`rate` a second, `burst` deep) at `at` (the database's clock unless a test
-- gives one). `allowed`: whether there was one. `debt_ms`: how far the bucket's `tat` is ahead of `at` afterwards
-- (after this request when allowed, as it stands when not): the caller derives what is left, when the next token
-- comes and how long to wait (lib/throttle/bot-rate.ts). One statement whatever the outcome: the row is locked
-- only for its own update, never for a transaction around it.
CREATE FUNCTION "relay_take_token"(bot uuid, rate double precision, burst double precision,
                                   at timestamptz DEFAULT NULL,
                                   OUT allowed boolean, OUT debt_ms double precision)
    LANGUAGE plpgsql AS $$
DECLARE
    now timestamptz := COALESCE(at, clock_timestamp());
    step interval := make_interval(secs => 1.0 / rate);
    depth interval := make_interval(secs => burst / rate);
    taken timestamptz;
BEGIN
    INSERT INTO bot_rate_buckets AS b (bot_id, tat) VALUES (bot, now + step)
    ON CONFLICT (bot_id) DO UPDATE SET tat = GREATEST(b.tat, now) + step
        WHERE GREATEST(b.tat, now) + step - now <= depth
    RETURNING b.tat INTO taken;
    IF FOUND THEN
        allowed := true;
        debt_ms := extract(epoch FROM taken - now) * 1000;
    ELSE
        allowed := false;
        SELECT extract(epoch FROM b.tat - now) * 1000 INTO debt_ms FROM bot_rate_buckets b WHERE b.bot_id = bot;
    END IF;
END $$;
